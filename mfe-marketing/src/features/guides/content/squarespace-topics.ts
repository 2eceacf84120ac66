import {
  FAQ_CACHE,
  FAQ_SPEED,
  FAQ_SQUARESPACE_KEY,
  FAQ_SQUARESPACE_VERSIONS,
  FAQ_TRIAL,
  FAQ_TYPOS,
  PLACEHOLDER_STORE_ID,
  SAAS_BENEFITS,
  SAAS_CODE,
  SAAS_CONNECT,
  SAAS_PLACE,
  SAAS_TEST,
  TRIAL_DAYS,
  squarespaceGuide,
} from './common';
import type { GuideContent } from './types';

/** Guides about Squarespace search in general: what to use, how to fix it, how to style it. */
export const SQUARESPACE_TOPIC_GUIDES: GuideContent[] = [
  squarespaceGuide({
    path: '/squarespace-search-bar',
    title: 'Squarespace search bar that forgives typos | Sniff',
    description:
      'Replace the basic Squarespace search with an instant search bar: results as visitors type, typo tolerance, product images and prices. Set up in five minutes.',
    keywords: ['squarespace search bar', 'better squarespace search', 'squarespace instant search'],
    hero: {
      eyebrow: 'Squarespace search bar',
      heading: 'The Squarespace search bar, upgraded',
      lead: 'Results appear while visitors type, misspellings still find the right product, and the bar takes your colours. No plugin to maintain.',
    },
    sections: [
      {
        id: 'good-search-bar',
        heading: 'What makes a search bar people use',
        blocks: [
          {
            kind: 'list',
            items: [
              'It is visible: at the top of the page or in the header, not hidden behind an icon on a sub-page.',
              'It answers while you type, so visitors can stop as soon as they see what they wanted.',
              'It forgives typos and partial words: "cand" and "candel" should both find candles.',
              'It shows enough to choose: a title, a short description and, for products, the price and an image.',
            ],
          },
          {
            kind: 'p',
            text: "Squarespace's built-in search looks for the words exactly as typed, so one wrong letter usually ends in an empty results page. Sniff does all four of the above with one Code block.",
          },
        ],
      },
    ],
    placeWhere: 'at the top of the page visitors land on most, usually the home page or your shop page',
    faq: [
      {
        question: 'Can I keep the Squarespace search page as well?',
        answer:
          'Yes. Sniff does not touch your built-in search; many owners remove the old search block once they have tried Sniff, but you do not have to.',
      },
      FAQ_TYPOS,
      FAQ_SQUARESPACE_KEY,
      FAQ_SPEED,
      FAQ_TRIAL,
    ],
    related: ['/search-box-for-squarespace', '/add-search-bar-to-header-in-squarespace-7-1', '/squarespace'],
  }),
  squarespaceGuide({
    path: '/search-box-for-squarespace',
    title: 'Search box for Squarespace with instant results | Sniff',
    description:
      'Add a search box to any Squarespace page that shows results in a dropdown as visitors type, matches your colours and corners, and tolerates typos.',
    keywords: ['search box squarespace', 'squarespace search box', 'squarespace search field'],
    hero: {
      eyebrow: 'Search box for Squarespace',
      heading: 'A search box for Squarespace that answers as you type',
      lead: 'Visitors see matching products and pages in a dropdown under the box, so they never wait for a results page.',
    },
    sections: [
      {
        id: 'box-options',
        heading: 'Make the box fit your site',
        blocks: [
          {
            kind: 'table',
            caption: 'Search box settings in the Sniff dashboard',
            head: ['Setting', 'Options'],
            rows: [
              ['Size', 'Small and medium on every plan; larger sizes on paid plans'],
              ['Corners', 'Square or rounded'],
              ['Colours', 'Text and border colour, from a palette of 24 or any hex value'],
              ['Placeholder', 'Your own text on paid plans, for example "Search candles, mugs, gifts"'],
              ['Results', 'Cards with images or a compact list; title and description length; show or hide prices'],
            ],
          },
        ],
      },
    ],
    placeWhere:
      'in a section near the top of the page, wide enough for the dropdown: at least a third of the page width',
    faq: [
      {
        question: 'Can the search box be narrow?',
        answer:
          'Yes. The box takes the width of its Code block. Results open in a dropdown that can be wider than the box, so a narrow box in a sidebar column still shows readable results.',
      },
      {
        question: 'Can I change the placeholder text?',
        answer:
          'On paid plans, yes: set it in the dashboard and it is written into the code. The free plan shows a fixed "powered by Sniff" placeholder.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: ['/squarespace-search-bar', '/custom-search-bar-squarespace-7-1', '/search-block-squarespace'],
  }),
  {
    path: '/best-search-bar-for-shopify-squarespace-wix',
    title: 'Best search bar for Shopify, Squarespace and Wix: what to compare',
    description:
      'How to choose a search bar for Shopify, Squarespace or Wix: the features that matter, where each platform stands with Sniff today, and a full comparison coming soon.',
    keywords: ['best search bar shopify', 'best search bar squarespace', 'wix search bar', 'site search comparison'],
    snippet: { platform: 'custom', type: 'business' },
    hero: {
      eyebrow: 'Comparison (full version coming soon)',
      heading: 'The best search bar for Shopify, Squarespace and Wix',
      lead: 'We are testing search tools side by side on real stores. Until the full comparison is out, here is the checklist we use and where Sniff stands on each platform today.',
    },
    setupMinutes: 5,
    startLabel: 'Try Sniff Free',
    sections: [
      {
        id: 'checklist',
        heading: 'Six questions to ask any search bar',
        blocks: [
          {
            kind: 'list',
            ordered: true,
            items: [
              'Does it forgive typos? Type a product name with one letter wrong and see what happens.',
              'Does it answer while you type, or only after Enter on a separate page?',
              'Does it find partial words, so "sham" finds "shampoo"?',
              'Does it show enough to decide: images, prices, a short description?',
              'Can you see what visitors searched for, and which searches found nothing?',
              'How long does new content take to appear, and who keeps the index up to date?',
            ],
          },
        ],
      },
      {
        id: 'platforms',
        heading: 'Where Sniff stands on each platform',
        blocks: [
          {
            kind: 'table',
            caption: 'Sniff support by platform, today',
            head: ['Platform', 'Status', 'How it connects'],
            rows: [
              ['Squarespace', 'Available', 'Read-only developer API key; sync every 24 or 12 hours'],
              ['Shopify', 'Available', 'CSV catalogue upload; OAuth2 connection and Shopify App coming soon'],
              ['SaaS and self-hosted sites', 'Available, free plan', 'Page discovery from your URL; one snippet'],
              ['Wix', 'Not tested yet', 'No dedicated connection; covered in the full comparison'],
              ['WooCommerce, Shopware, Magento, BigCommerce', 'Coming soon', 'Shown as coming soon in the wizard'],
            ],
          },
          {
            kind: 'p',
            text: 'On Wix, code usually runs inside an embed frame, which limits where a results dropdown can open. We would rather test it properly than promise it; the full comparison will say what works.',
          },
        ],
      },
    ],
    install: { connect: SAAS_CONNECT, code: SAAS_CODE, place: SAAS_PLACE, test: SAAS_TEST },
    benefits: [
      {
        title: 'Typo and partial-word tolerance',
        text: 'One slip from four letters, two from eight, and prefix matching on the last word.',
      },
      {
        title: 'Search analytics',
        text: 'Top searches and zero-result searches on paid plans, so you know what visitors miss.',
      },
      ...SAAS_BENEFITS.slice(0, 1),
    ],
    faq: [
      {
        question: 'When will the full comparison be published?',
        answer:
          'When we have run the same searches on real stores for every tool in it. We prefer a late comparison to a guessed one; this page will be updated in place.',
      },
      {
        question: 'Which platform should I start with?',
        answer:
          'The one your site runs on. Squarespace and SaaS sites get the most complete setup today; Shopify works through a CSV upload.',
      },
      {
        question: 'Can I try Sniff without committing?',
        answer: `Yes. SaaS and self-hosted sites can stay on the free plan; Squarespace and Shopify plans start with a ${TRIAL_DAYS}-day free trial.`,
      },
      FAQ_TYPOS,
      FAQ_SPEED,
    ],
    cta: {
      heading: 'Test it on your own site',
      text: 'The best comparison is your own content: connect it and type your most common misspelling.',
    },
    related: ['/shopify', '/squarespace', '/saas-websites'],
  },
  squarespaceGuide({
    path: '/search-block-squarespace',
    title: 'Squarespace search block: limits and a typo-tolerant alternative',
    description:
      'What the Squarespace search block can and cannot do, and how to swap it for a Sniff Code block that shows instant, typo-tolerant results.',
    keywords: ['squarespace search block', 'search block squarespace', 'replace squarespace search block'],
    hero: {
      eyebrow: 'Squarespace search block',
      heading: 'Beyond the Squarespace search block',
      lead: 'Keep the simplicity of a block, lose the empty results pages. Swap the search block for a Code block with Sniff.',
    },
    sections: [
      {
        id: 'limits',
        heading: 'What the built-in search block does',
        blocks: [
          {
            kind: 'p',
            text: "The search block sends visitors to Squarespace's search results and looks for the words as typed. It cannot correct a misspelling, does not let you see what people searched for, and new pages can take 24 to 48 hours to become searchable.",
          },
          {
            kind: 'p',
            text: 'Sniff replaces the block with a search bar that shows results in place, retries misspelled searches with the closest words your site contains, and records searches for your analytics on paid plans.',
          },
        ],
      },
      {
        id: 'swap',
        heading: 'Swapping the block',
        blocks: [
          {
            kind: 'list',
            ordered: true,
            items: [
              'Note where your current search block sits.',
              'Follow the steps below to add the Sniff Code block in the same spot.',
              'Test both, then delete the old search block (hover over it and choose Remove).',
            ],
          },
        ],
      },
    ],
    placeWhere: 'exactly where your old search block was, so visitors find it where they are used to',
    faq: [
      {
        question: 'Do I have to remove the Squarespace search block?',
        answer:
          'No, but two search boxes side by side confuse visitors. Test Sniff first, then remove the old block when you are happy.',
      },
      {
        question: 'Will my /search page stop working?',
        answer:
          'No. The Squarespace search page stays where it is; Sniff adds its own search bar and does not change your site settings.',
      },
      FAQ_TYPOS,
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
    ],
    related: [
      '/fix-squarespace-search-not-working',
      '/squarespace-search-bar',
      '/how-to-add-search-bar-to-squarespace',
    ],
  }),
  {
    path: '/css-search-bar-tutorial',
    title: 'CSS search bar tutorial: style a search box, then make it search',
    description:
      'Build an accessible search bar with HTML and CSS, learn why styling alone does not make it search, and how to position and style the Sniff bar. More layouts coming soon.',
    keywords: ['css search bar', 'search bar html css', 'style search box css', 'search bar tutorial'],
    snippet: { platform: 'custom', type: 'business' },
    hero: {
      eyebrow: 'Tutorial (more layouts coming soon)',
      heading: 'CSS search bar tutorial',
      lead: 'A search bar is two things: a well-built input that looks right, and a search engine behind it. This tutorial covers the first and shows how to plug in the second.',
    },
    setupMinutes: 2,
    startLabel: 'Create Free Search Bar',
    sections: [
      {
        id: 'markup',
        heading: '1. Start with accessible markup',
        blocks: [
          {
            kind: 'p',
            text: 'Use a form with role="search", a visible or visually hidden label, an input of type search and a real button. Screen readers announce it as a search landmark, and Enter submits it without any JavaScript.',
          },
          {
            kind: 'code',
            label: 'HTML for a search form',
            code: '<form class="search" role="search" action="/search">\n  <label class="search__label" for="q">Search this site</label>\n  <input class="search__input" id="q" name="q" type="search" placeholder="Search articles" autocomplete="off" />\n  <button class="search__button" type="submit">Search</button>\n</form>',
          },
        ],
      },
      {
        id: 'styles',
        heading: '2. Style it with CSS',
        blocks: [
          {
            kind: 'p',
            text: 'Keep the focus ring visible, make the input at least 44 pixels tall for touch, and check contrast of the placeholder as well as the text.',
          },
          {
            kind: 'code',
            label: 'CSS for the search form',
            code: '.search {\n  display: flex;\n  max-width: 32rem;\n  border: 1px solid #52525b;\n  border-radius: 999px;\n  overflow: hidden;\n}\n.search__label {\n  position: absolute;\n  width: 1px;\n  height: 1px;\n  overflow: hidden;\n  clip: rect(0 0 0 0);\n}\n.search__input {\n  flex: 1;\n  min-height: 2.75rem;\n  padding: 0 1rem;\n  border: 0;\n  font: inherit;\n}\n.search__input:focus-visible {\n  outline: 3px solid #6d28d9;\n  outline-offset: -3px;\n}\n.search__button {\n  padding: 0 1.25rem;\n  border: 0;\n  background: #6d28d9;\n  color: #fff;\n  font: inherit;\n  cursor: pointer;\n}',
          },
        ],
      },
      {
        id: 'engine',
        heading: '3. Give it something to search',
        blocks: [
          {
            kind: 'p',
            text: 'The form above only sends the words to /search. Something still has to index your pages, rank the matches, forgive typos and answer fast. You can build that yourself, or let Sniff do it: the steps below replace the form with a Sniff bar that keeps the same look.',
          },
        ],
      },
    ],
    install: { connect: SAAS_CONNECT, code: SAAS_CODE, place: SAAS_PLACE, test: SAAS_TEST },
    afterInstall: [
      {
        id: 'style-sniff',
        heading: 'Styling and positioning the Sniff bar',
        blocks: [
          {
            kind: 'p',
            text: 'The Sniff bar renders inside a Shadow DOM, so your site CSS cannot accidentally break it. Its look comes from the dashboard settings, written into the code as data attributes: data-size, data-rounded, data-search-text-color and data-search-bar-color. Your CSS positions the container.',
          },
          {
            kind: 'code',
            label: 'CSS that positions the Sniff container',
            code: '#sniff-search {\n  max-width: 32rem;\n  margin: 1rem auto;\n}\n@media (max-width: 40rem) {\n  #sniff-search {\n    margin: 0.5rem 1rem;\n  }\n}',
          },
          {
            kind: 'p',
            text: 'More layouts (header, sticky, full-width overlay) are coming to this tutorial soon.',
          },
        ],
      },
    ],
    benefits: SAAS_BENEFITS,
    faq: [
      {
        question: 'Can I style the inside of the Sniff bar with my own CSS?',
        answer:
          'Not directly: it lives in a Shadow DOM so theme CSS cannot break it. Use the dashboard settings for size, corners and colours, and your CSS for the container position and width.',
      },
      {
        question: 'Why role="search" on the form?',
        answer:
          'It makes the form a search landmark, so screen-reader users can jump straight to it. A label and a real submit button do the rest.',
      },
      {
        question: 'Is a CSS-only search bar enough?',
        answer:
          'It looks like one, but CSS cannot search. You still need an index of your content and something that ranks results; that is the part Sniff provides.',
      },
      FAQ_SPEED,
      FAQ_CACHE,
    ],
    cta: {
      heading: 'Styled is good. Searchable is better.',
      text: 'Put a real search engine behind your search bar for free: one website, two pages, 500 searches a month.',
    },
    related: ['/custom-search-bar-squarespace-7-1', '/saas-websites', '/search-box-for-squarespace'],
  },
  squarespaceGuide({
    path: '/squarespace-search-widget-ecommerce',
    title: 'Squarespace ecommerce search widget with prices and images | Sniff',
    description:
      'An ecommerce search widget for Squarespace stores: product cards with images and prices, stock-aware results and typo tolerance, synced from your catalogue.',
    keywords: ['squarespace ecommerce search', 'squarespace product search widget', 'squarespace store search'],
    hero: {
      eyebrow: 'Squarespace ecommerce search widget',
      heading: 'A product search widget for Squarespace stores',
      lead: 'Shoppers see product cards with images and prices as they type, and a misspelled product name still finds the product.',
    },
    sections: [
      {
        id: 'shop-search',
        heading: 'What shoppers see',
        blocks: [
          {
            kind: 'list',
            items: [
              'Cards with the product image, name, price and the start of the description, or a compact list if you prefer.',
              'Matches from product names first, then descriptions, so the right product tops the list.',
              'Product data synced from Squarespace through your read-only key, so prices stay current.',
              'On Solo Premium AI, AI search (a visitor who types "couch" also finds your "sofa": words of similar meaning match, after the exact ones) and a catalogue sync every 12 hours instead of 24.',
            ],
          },
        ],
      },
    ],
    placeWhere: 'on your shop page, above the product grid, and on the home page if most visitors start there',
    faq: [
      {
        question: 'How often do product changes reach search?',
        answer:
          'Sniff re-syncs your catalogue every 24 hours on Solo Basic and every 12 hours on Solo Premium AI. New products also depend on Squarespace, which can take 24 to 48 hours to index them.',
      },
      {
        question: 'Can I hide prices in the results?',
        answer: 'Yes. Turn Show Price off in the widget settings; the code updates with data-show-price="false".',
      },
      FAQ_SQUARESPACE_KEY,
      FAQ_TYPOS,
      FAQ_TRIAL,
    ],
    related: [
      '/add-search-bar-to-ecommerce-website-on-squarespace',
      '/add-search-bar-to-product-page-in-squarespace',
      '/shopify',
    ],
  }),
  squarespaceGuide({
    path: '/how-to-add-search-bar-to-squarespace',
    title: 'How to add a search bar to Squarespace, step by step',
    description:
      'Step-by-step: add a search bar to Squarespace 7.0 or 7.1 with a read-only API key and one Code block, then choose where it goes: page, header, blog or shop.',
    keywords: ['how to add search bar to squarespace', 'add search to squarespace', 'squarespace add search'],
    hero: {
      eyebrow: 'How-to guide',
      heading: 'How to add a search bar to Squarespace',
      lead: 'Four steps, about five minutes, no code to write. Then pick the spot that suits your site.',
    },
    placeWhere:
      'on the page where visitors need it; the guides linked below cover the header, blog, shop and other spots',
    afterInstall: [
      {
        id: 'where',
        heading: 'Where to put it',
        blocks: [
          {
            kind: 'links',
            items: [
              { href: '/add-search-bar-to-header-in-squarespace-7-1', label: 'In the header (Squarespace 7.1)' },
              { href: '/add-search-bar-above-header-in-squarespace', label: 'Above the header, on every page' },
              { href: '/add-search-bar-to-squarespace-blog', label: 'On a blog' },
              { href: '/add-search-bar-to-product-page-in-squarespace', label: 'On product pages' },
              { href: '/add-search-bar-to-squarespace-portfolio', label: 'On a portfolio' },
              { href: '/add-search-bar-to-squarespace-custom-page', label: 'On a custom page' },
            ],
          },
        ],
      },
    ],
    faq: [
      {
        question: 'Do I need to know how to code?',
        answer:
          'No. You copy a key from Squarespace and paste the code Sniff gives you into a Code block; there is nothing to write or edit.',
      },
      {
        question: 'Can I add the search bar to several pages?',
        answer:
          'Yes. Paste the same code into a Code block on each page, or into the site footer so it shows everywhere. One widget serves every page of the site.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: ['/add-search-bar-squarespace-no-code', '/squarespace', '/fix-squarespace-search-not-working'],
  }),
  squarespaceGuide({
    path: '/fix-squarespace-search-not-working',
    title: 'Squarespace search not working? Causes and fixes',
    description:
      'Troubleshooting guide for Squarespace search: hidden pages, indexing delays of 24 to 48 hours, misspellings, cache, plan limits, and how to fix each one.',
    keywords: ['squarespace search not working', 'squarespace search no results', 'fix squarespace search'],
    hero: {
      eyebrow: 'Troubleshooting guide',
      heading: 'Squarespace search not working? Here is how to fix it',
      lead: 'Most "no results" problems have one of six causes. Check them in order; if typos are the problem, the steps further down replace the search with one that handles them.',
    },
    troubleshooting: true,
    sections: [
      {
        id: 'checklist',
        heading: 'Why Squarespace search shows no results',
        blocks: [
          {
            kind: 'table',
            caption: 'Common causes of missing Squarespace search results and their fixes',
            head: ['Symptom', 'Likely cause', 'Fix'],
            rows: [
              [
                'A new page or product is missing',
                "Squarespace's own indexing is said to take 24 to 48 hours",
                'Wait two days before digging further; check again after that',
              ],
              [
                'One page never shows up',
                'The page is disabled, password-protected, or hidden from search in its SEO settings',
                'Open the page settings, enable it, and turn off the option that hides it from search results',
              ],
              [
                'Only exact words work',
                'The built-in search has no typo tolerance',
                'Use a search that corrects misspellings, such as Sniff (steps below)',
              ],
              [
                'The search block does nothing',
                'The block was added to a page that is not published, or a script error on the page stops it',
                'Publish the page; remove recently added Code blocks one by one to find a broken one',
              ],
              [
                'Old results keep appearing',
                'The browser shows a cached copy of the page',
                'Clear the browser cache, or test in a private window',
              ],
              [
                'A custom search bar never loads',
                'Scripts in Code blocks need a plan that allows custom code, and the block must be in HTML mode',
                'Check the plan under Settings, Billing; set the block to HTML',
              ],
            ],
          },
        ],
      },
      {
        id: 'sniff-troubleshooting',
        heading: 'If the Sniff search bar is the one not working',
        blocks: [
          {
            kind: 'list',
            items: [
              'Nothing appears: clear the browser cache, then check that both the div and the script were pasted and the Code block is in HTML mode.',
              'The bar appears but finds nothing: open Manage Your Widgets and check the status. Results need it to read done; failed means the key or URL was rejected.',
              'Some products are missing: check that the key has read-only access to Products, and that the store URL matches your live site exactly.',
              `You copied the example code from a guide: replace ${PLACEHOLDER_STORE_ID} with the Store ID from your dashboard.`,
            ],
          },
        ],
      },
    ],
    placeWhere: 'in place of the search block that is not doing its job',
    faq: [
      {
        question: 'Why does Squarespace search not find misspelled words?',
        answer:
          'It matches the words as typed. A search like "braclet" finds nothing because no page contains that word. Sniff retries such searches with the closest words on your site and shows "Did you mean".',
      },
      {
        question: 'How long does Squarespace take to index new pages?',
        answer:
          'Squarespace says new content can take 24 to 48 hours to appear in its search. Sniff syncs on its own schedule, every 24 hours or every 12 on Solo Premium AI.',
      },
      {
        question: 'Why is one page missing from the results?',
        answer:
          'Disabled, password-protected and hidden-from-search pages are left out of search. Check the page settings, including the SEO tab.',
      },
      FAQ_CACHE,
      FAQ_SQUARESPACE_KEY,
    ],
    cta: {
      heading: 'Tired of fixing search? Replace it.',
      text: `Sniff handles typos, partial words and instant results out of the box. ${TRIAL_DAYS}-day free trial.`,
    },
    related: ['/search-block-squarespace', '/how-to-add-search-bar-to-squarespace', '/squarespace'],
  }),
  squarespaceGuide({
    path: '/custom-search-bar-squarespace-7-1',
    title: 'Custom search bar for Squarespace 7.1: your colours, size and corners',
    description:
      'Design a custom search bar for Squarespace 7.1 without code: choose size, colours, corner radius, placeholder and result layout, then place it with Fluid Engine.',
    keywords: ['custom search bar squarespace 7.1', 'squarespace 7.1 search bar', 'squarespace fluid engine search'],
    hero: {
      eyebrow: 'Squarespace 7.1',
      heading: 'A custom search bar for Squarespace 7.1',
      lead: 'Match your brand without touching CSS: pick the look in Sniff, drop the code into a Fluid Engine Code block and size it on the grid.',
    },
    sections: [
      {
        id: 'design',
        heading: 'Design it in the dashboard',
        blocks: [
          {
            kind: 'list',
            items: [
              'Size: from small to huge (small and medium on the free plan).',
              'Corners: square for sharp templates, rounded for soft ones.',
              'Colours: text and border colours to match your site styles; any hex value.',
              'Placeholder: your own words on paid plans, for example "Search recipes".',
              'Results: cards with images or a list, and how much of each title and description to show.',
            ],
          },
          {
            kind: 'p',
            text: 'The live preview updates as you change each setting, and so does the code, so what you paste is what you saw.',
          },
        ],
      },
    ],
    placeWhere:
      'in a Fluid Engine section; after pasting, drag the block handles so it spans at least a third of the grid on desktop, and check the mobile view',
    faq: [
      {
        question: 'Can I change the design after pasting the code?',
        answer: 'Yes. Change it in Manage Your Widgets, copy the new code and replace the old code in the Code block.',
      },
      {
        question: 'Does Fluid Engine change how the search bar behaves?',
        answer:
          'No. Fluid Engine only sets the block size and position; the results dropdown opens over the content below it.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: [
      '/css-search-bar-tutorial',
      '/add-search-bar-to-header-in-squarespace-7-1',
      '/search-box-for-squarespace',
    ],
  }),
];
