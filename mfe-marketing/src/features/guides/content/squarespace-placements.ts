import { SQUARESPACE_KEY_ACCESS, SQUARESPACE_KEY_NO_MORE } from '@sniff/contracts';
import {
  FAQ_CACHE,
  FAQ_SPEED,
  FAQ_SQUARESPACE_KEY,
  FAQ_SQUARESPACE_VERSIONS,
  FAQ_TRIAL,
  FAQ_TYPOS,
  SQUARESPACE_BLOG_CONNECT,
  TRIAL_DAYS,
  monthlyPrice,
  squarespaceCodeStep,
  squarespaceGuide,
} from './common';
import type { Block, GuideContent, InstallStep } from './types';

/** Code Injection lives in slightly different places in old and new Squarespace dashboards. */
const CODE_INJECTION_STEPS = [
  'In Squarespace open Settings and find Code Injection (under Advanced or Developer Tools, depending on your dashboard version).',
  'Paste the Sniff code into the Footer field, then paste the placement script below right after it.',
  'Press Save and open your live site.',
];

const HEADER_SCRIPT: Block = {
  kind: 'code',
  label: 'Placement script: moves the search bar into the 7.1 header',
  code: "<script>\n  // Moves the Sniff search bar into the header of Squarespace 7.1 templates.\n  document.addEventListener('DOMContentLoaded', function () {\n    var bar = document.getElementById('sniff-search');\n    var spot =\n      document.querySelector('.header-display-desktop .header-actions--right') ||\n      document.querySelector('#header .header-inner') ||\n      document.querySelector('header');\n    if (bar && spot) spot.prepend(bar);\n  });\n</script>",
};

const ABOVE_HEADER_SCRIPT: Block = {
  kind: 'code',
  label: 'Placement script: puts the search bar above the header',
  code: "<script>\n  // Puts the Sniff search bar in a strip above the site header, on every page.\n  document.addEventListener('DOMContentLoaded', function () {\n    var bar = document.getElementById('sniff-search');\n    var header = document.querySelector('#header') || document.querySelector('header');\n    if (bar && header) header.parentNode.insertBefore(bar, header);\n  });\n</script>\n<style>\n  #sniff-search {\n    max-width: 40rem;\n    margin: 0.75rem auto;\n    padding: 0 1rem;\n  }\n</style>",
};

function codeInjectionPlace(summary: string, intro: string, script: Block, after: Block[]): InstallStep {
  return {
    title: 'Add the code with Code Injection',
    summary,
    blocks: [
      { kind: 'p', text: intro },
      { kind: 'list', ordered: true, items: CODE_INJECTION_STEPS },
      script,
      ...after,
      {
        kind: 'note',
        title: 'Prefer a Code block?',
        text: 'A Code block in HTML mode at the top of a page works too, for that page only. Code Injection puts the bar on every page at once and, like Code blocks with scripts, needs a plan that allows custom code (Business and higher).',
      },
    ],
  };
}

/** Guides about one place on a Squarespace site: header, above the header, blog, shop, portfolio... */
export const SQUARESPACE_PLACEMENT_GUIDES: GuideContent[] = [
  squarespaceGuide({
    path: '/add-search-bar-to-squarespace-portfolio',
    title: 'Add a search bar to a Squarespace portfolio',
    description:
      'Let visitors search your Squarespace portfolio projects by client, medium or year: a typo-tolerant search bar added with one Code block, no coding.',
    keywords: ['squarespace portfolio search', 'add search bar to squarespace portfolio', 'search portfolio projects'],
    hero: {
      eyebrow: 'Squarespace portfolio',
      heading: 'Add a search bar to your Squarespace portfolio',
      lead: 'When your work runs to dozens of projects, let clients type "branding" or a client name and jump straight to it.',
    },
    sections: [
      {
        id: 'portfolio-search',
        heading: 'What visitors can search',
        blocks: [
          {
            kind: 'p',
            text: 'Sniff indexes each project page: its title, description, headings and text. Write the client, medium, year and location into the project description and they all become searchable, typos included: "photgraphy" still finds photography.',
          },
        ],
      },
    ],
    placeWhere:
      'above your projects: in a section of the page that introduces your work, on each project page, or in the site footer so it follows visitors everywhere (some templates do not accept blocks on the portfolio grid itself)',
    faq: [
      {
        question: 'Can I put the search bar on the portfolio grid page?',
        answer:
          'Where your template lets you add a section above the grid, yes. Where it does not, use the page that introduces your work or the site footer; the results are the same.',
      },
      {
        question: 'Does the search show project images?',
        answer:
          'Yes, with the cards layout; the list layout shows titles and descriptions only. Choose it in the widget settings.',
      },
      FAQ_TYPOS,
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
    ],
    related: [
      '/add-search-bar-to-squarespace-custom-page',
      '/add-search-bar-to-squarespace-blog',
      '/how-to-add-search-bar-to-squarespace',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-squarespace-custom-page',
    title: 'Add a search bar to a custom Squarespace page',
    description:
      'Put a search bar on any custom Squarespace page, such as a help centre, resources or landing page, with a Code block in HTML mode. Step-by-step, no code.',
    keywords: [
      'squarespace custom page search',
      'add search bar to squarespace page',
      'squarespace help centre search',
    ],
    hero: {
      eyebrow: 'Custom Squarespace page',
      heading: 'Add a search bar to a custom Squarespace page',
      lead: 'Help centres, resource libraries and landing pages all get easier with a search bar at the top. One Code block does it.',
    },
    sections: [
      {
        id: 'ideas',
        heading: 'Pages that benefit most',
        blocks: [
          {
            kind: 'list',
            items: [
              'A help or FAQ page: visitors type their question instead of scrolling.',
              'A resources or downloads page: find the right guide or file by name.',
              'A "shop by" landing page: a search bar next to your category tiles.',
              'A 404 page: let lost visitors search instead of leaving.',
            ],
          },
        ],
      },
    ],
    placeWhere: 'at the top of the custom page, in the first section, so it is the first thing visitors see',
    faq: [
      {
        question: 'Can the search on one page find content on other pages?',
        answer: 'Yes. The bar searches your whole site, whichever page it is placed on.',
      },
      {
        question: 'Can I add it to my 404 page?',
        answer:
          'Yes. Squarespace lets you choose a custom page as the 404 page; add the Code block to that page like any other.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: [
      '/add-search-bar-squarespace-no-code',
      '/add-search-bar-to-squarespace-portfolio',
      '/custom-search-bar-squarespace-7-1',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-squarespace-blog',
    title: 'Add a search bar to a Squarespace blog',
    description:
      'Help readers find old posts on your Squarespace blog: a search bar that searches post titles and text as they type, forgives typos and takes five minutes to add.',
    keywords: ['squarespace blog search', 'add search bar to squarespace blog', 'search blog posts squarespace'],
    hero: {
      eyebrow: 'Squarespace blog',
      heading: 'Add a search bar to your Squarespace blog',
      lead: 'Your best posts should not disappear after a week on the front page. Let readers search the archive as they type.',
    },
    sections: [
      {
        id: 'blog-search',
        heading: 'Why a blog needs search',
        blocks: [
          {
            kind: 'p',
            text: 'Categories and tags help readers browse, but a reader who remembers "that post about winter tyres" needs search. Sniff indexes post titles, excerpts and text, so a half-remembered phrase is enough.',
          },
        ],
      },
    ],
    placeWhere:
      'where readers start: above the blog list if your template accepts a section there, at the top of your posts, or in the site footer',
    install: {
      connect: SQUARESPACE_BLOG_CONNECT,
      code: squarespaceCodeStep('blog'),
    },
    snippet: { platform: 'squarespace', type: 'blog' },
    faq: [
      {
        question: 'Which Store Type do I choose for a blog?',
        answer:
          'Blog. Then choose Content Search + Products Search to search posts and pages, or Product Search Only if you only want products found.',
      },
      {
        question: 'Do new posts become searchable automatically?',
        answer:
          'Yes, at the next sync: every 24 hours on Solo Basic, every 12 on Solo Premium AI. Adding your sitemap URL helps Sniff find every post.',
      },
      FAQ_TYPOS,
      FAQ_SQUARESPACE_KEY,
      FAQ_CACHE,
    ],
    related: [
      '/add-search-bar-to-squarespace-food-blog',
      '/add-search-bar-to-header-in-squarespace-7-1',
      '/squarespace',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-product-page-in-squarespace',
    title: 'Add a search bar to Squarespace product pages',
    description:
      'Keep shoppers moving from one product to the next: add a typo-tolerant search bar to Squarespace product pages with product images and prices in the results.',
    keywords: [
      'squarespace product page search',
      'search bar on product page squarespace',
      'squarespace product search',
    ],
    hero: {
      eyebrow: 'Squarespace product pages',
      heading: 'Add a search bar to your Squarespace product pages',
      lead: 'A shopper on one product often wants another. A search bar on the product page keeps them in your shop instead of back on Google.',
    },
    placeWhere:
      "on every product page: in each product's Additional Info area, or once in the site footer so all product pages get it",
    placeExtra: [
      {
        kind: 'p',
        text: 'The Additional Info area of a product accepts blocks, so a Code block there shows below the product details. To avoid editing every product, put the code in the footer: it is shared by all pages.',
      },
    ],
    faq: [
      {
        question: 'Do I have to edit every product?',
        answer:
          'No. Add the Code block to the site footer once and every product page shows the bar. Use the Additional Info area only if you want it on some products.',
      },
      {
        question: 'Do results show product prices?',
        answer: 'Yes, with images, unless you switch prices off in the widget settings.',
      },
      FAQ_TYPOS,
      FAQ_SPEED,
      FAQ_TRIAL,
    ],
    related: [
      '/squarespace-search-widget-ecommerce',
      '/add-search-bar-to-ecommerce-website-on-squarespace',
      '/squarespace',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-ecommerce-website-on-squarespace',
    title: 'Add a search bar to a Squarespace ecommerce website',
    description:
      'Add product search to your Squarespace online store in five minutes: read-only API key for products, one Code block, instant results.',
    keywords: ['squarespace ecommerce search bar', 'squarespace online store search', 'squarespace commerce search'],
    hero: {
      eyebrow: 'Squarespace ecommerce',
      heading: 'Add a search bar to your Squarespace online store',
      lead: 'Shoppers who search buy more often than shoppers who browse, as long as the search finds what they typed. Sniff makes sure it does.',
    },
    sections: [
      {
        id: 'store-setup',
        heading: 'Before you start',
        blocks: [
          {
            kind: 'list',
            items: [
              'A Squarespace site with a store page and published products.',
              'Permission to create developer API keys (site owner or administrator).',
              'A Squarespace plan that allows custom code, which every Commerce plan does.',
              `A Sniff Squarespace plan, from ${monthlyPrice('squarespace-basic')} with a ${TRIAL_DAYS}-day free trial.`,
            ],
          },
        ],
      },
    ],
    placeWhere:
      'at the top of your store page and on the home page; add it to the footer as well if you have many categories',
    faq: [
      {
        question: 'Does the key need access to orders or inventory?',
        answer: `No. Sniff reads your products only, so the key needs ${SQUARESPACE_KEY_ACCESS}. ${SQUARESPACE_KEY_NO_MORE}`,
      },
      {
        question: 'What happens when I add new products?',
        answer:
          'They are picked up at the next sync (24 hours on Solo Basic, 12 on Solo Premium AI), after Squarespace itself has indexed them, which can take 24 to 48 hours.',
      },
      FAQ_SQUARESPACE_KEY,
      FAQ_TYPOS,
      FAQ_CACHE,
    ],
    related: ['/squarespace-search-widget-ecommerce', '/add-search-bar-to-product-page-in-squarespace', '/shopify'],
  }),
  squarespaceGuide({
    path: '/add-search-bar-squarespace-no-code',
    title: 'Add a search bar to Squarespace without code',
    description:
      'No coding needed: copy a key, paste a snippet, done. Add an instant, typo-tolerant search bar to Squarespace in about five minutes, explained for non-developers.',
    keywords: ['squarespace search bar no code', 'squarespace search without coding', 'easy squarespace search'],
    hero: {
      eyebrow: 'No code needed',
      heading: 'Add a search bar to Squarespace without writing code',
      lead: 'If you can copy and paste, you can do this. Everything technical happens on our side.',
    },
    sections: [
      {
        id: 'copy-paste',
        heading: 'Two things to copy, two places to paste',
        blocks: [
          {
            kind: 'list',
            items: [
              'Copy a key from Squarespace, paste it into Sniff. That tells Sniff what to search.',
              'Copy the code from Sniff, paste it into a Squarespace Code block. That shows the search bar.',
            ],
          },
          {
            kind: 'p',
            text: 'You never edit the code. If you change the look later, Sniff gives you new code to paste over the old.',
          },
        ],
      },
    ],
    placeWhere: 'on any page: the home page is a good first choice',
    faq: [
      {
        question: 'What if I paste the code in the wrong place?',
        answer:
          'Nothing breaks. Delete the Code block and add a new one where you want it; the same code works anywhere on your site.',
      },
      {
        question: 'Can someone help me set it up?',
        answer: 'Yes. Every account can book a free 15-minute call from the dashboard, and we answer e-mail too.',
      },
      FAQ_SQUARESPACE_KEY,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: [
      '/how-to-add-search-bar-to-squarespace',
      '/add-search-bar-to-squarespace-custom-page',
      '/squarespace-search-bar',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-squarespace-food-blog',
    title: 'Add a recipe search bar to a Squarespace food blog',
    description:
      'Let readers search your Squarespace food blog by dish or ingredient, typos included: connect blog posts and blog content with a read-only key and add one Code block.',
    keywords: ['squarespace food blog search', 'recipe search bar squarespace', 'search recipes by ingredient'],
    snippet: { platform: 'squarespace', type: 'blog' },
    hero: {
      eyebrow: 'Squarespace food blog',
      heading: 'Add a recipe search bar to your Squarespace food blog',
      lead: 'Readers arrive wanting "that lentil soup" or "something with courgettes". Let them type it, misspelled or not, and land on the recipe.',
    },
    sections: [
      {
        id: 'recipes',
        heading: 'Recipes are made for search',
        blocks: [
          {
            kind: 'p',
            text: 'Sniff indexes the text of each post, so ingredients are searchable wherever they appear: in the title, in the list or in the method. A reader who types "courgete" still finds your courgette recipes.',
          },
          {
            kind: 'list',
            items: [
              'Put the main ingredients in the post title or first paragraph: titles weigh more in the ranking.',
              'Use categories like "Vegetarian" or "30 minutes": their words are indexed too.',
              'Add your sitemap URL when connecting, so older recipes are found as well as new ones.',
            ],
          },
        ],
      },
    ],
    install: {
      connect: SQUARESPACE_BLOG_CONNECT,
      code: squarespaceCodeStep('blog'),
    },
    placeWhere: 'at the top of your recipe index and at the top of each post, or once in the site footer',
    faq: [
      {
        question: 'Which permissions does a food blog need?',
        answer:
          'Read-only access to blog posts and blog content. A food blog without a shop needs no product, inventory or order access.',
      },
      {
        question: 'Can readers search by ingredient?',
        answer:
          'Yes. Every word of the post is indexed, so ingredients in the list or method are found; titles and first paragraphs rank highest.',
      },
      {
        question: 'I also sell cookbooks. Can search show them?',
        answer:
          'Yes. Choose Content Search + Products Search when connecting and both recipes and products appear in the results.',
      },
      FAQ_TYPOS,
      FAQ_CACHE,
    ],
    cta: {
      heading: 'Let readers find the recipe they came for',
      text: `About five minutes to set up, with a ${TRIAL_DAYS}-day free trial.`,
    },
    related: ['/add-search-bar-to-squarespace-blog', '/add-search-bar-squarespace-no-code', '/squarespace'],
  }),
  squarespaceGuide({
    path: '/add-search-bar-to-header-in-squarespace-7-1',
    title: 'Add a search bar to the header in Squarespace 7.1',
    description:
      'Squarespace 7.1 headers do not accept blocks. Put a search bar in the header anyway with Code Injection and a five-line placement script, copy and paste.',
    keywords: ['squarespace 7.1 header search bar', 'search bar in header squarespace', 'squarespace header search'],
    hero: {
      eyebrow: 'Squarespace 7.1 header',
      heading: 'Add a search bar to the header in Squarespace 7.1',
      lead: 'The header is where visitors look for search. Squarespace 7.1 does not let you add blocks there, so we add the bar with Code Injection instead.',
    },
    sections: [
      {
        id: 'why-injection',
        heading: 'Why Code Injection',
        blocks: [
          {
            kind: 'p',
            text: 'In 7.1 the header is edited through its own panel (logo, navigation, buttons), not with blocks. Code Injection adds the Sniff code to every page, and a short placement script moves the bar into the right-hand side of the header.',
          },
        ],
      },
    ],
    placeWhere: 'in the header, through Code Injection',
    install: {
      place: codeInjectionPlace(
        'Paste the code and the placement script into the Footer field of Code Injection, then save.',
        'The placement script runs after the page loads and moves the search bar next to your header buttons.',
        HEADER_SCRIPT,
        [
          {
            kind: 'p',
            text: 'On phones Squarespace shows a separate mobile header, and the desktop header, bar included, is hidden. If mobile search matters to you, also add a Code block at the top of your main pages, or use the strip above the header, which shows on every screen size.',
          },
        ],
      ),
    },
    faq: [
      {
        question: 'Can I do this without Code Injection?',
        answer:
          'Not in the header itself: 7.1 headers take no blocks. The closest alternative is a Code block in the first section of each page you want it on.',
      },
      {
        question: 'My template puts the header elsewhere. Will the script still work?',
        answer:
          'It looks for the right-hand header area first, then the header itself. If your template is heavily customised, it still adds the bar at the top of the header.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: [
      '/add-search-bar-above-header-in-squarespace',
      '/custom-search-bar-squarespace-7-1',
      '/how-to-add-search-bar-to-squarespace',
    ],
  }),
  squarespaceGuide({
    path: '/add-search-bar-above-header-in-squarespace',
    title: 'Add a search bar above the header in Squarespace',
    description:
      'Show a search strip above your Squarespace header on every page: paste the Sniff code and a short placement script into Code Injection. Works on 7.0 and 7.1.',
    keywords: ['search bar above header squarespace', 'squarespace top bar search', 'squarespace site-wide search bar'],
    hero: {
      eyebrow: 'Above the Squarespace header',
      heading: 'Add a search bar above the header in Squarespace',
      lead: 'A slim search strip at the very top of every page is impossible to miss, and it leaves your header design untouched.',
    },
    placeWhere: 'above the header, through Code Injection',
    install: {
      place: codeInjectionPlace(
        'Paste the code and the placement script into the Footer field of Code Injection, then save.',
        'The placement script inserts the search bar just before the site header and centres it.',
        ABOVE_HEADER_SCRIPT,
        [
          {
            kind: 'p',
            text: 'If your header is transparent or fixed to the top, it may cover the strip. Change the header style to solid, or increase the margin in the style part of the script.',
          },
        ],
      ),
    },
    faq: [
      {
        question: 'Will the strip show on every page?',
        answer:
          'Yes. Code Injection adds it site-wide. To leave it off a page, use a Code block on the pages you want instead.',
      },
      {
        question: 'Can I change the width of the strip?',
        answer:
          'Yes. Edit max-width in the style part of the script, for example 60rem for a wider bar. The look of the bar itself comes from the dashboard settings.',
      },
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_CACHE,
      FAQ_TRIAL,
    ],
    related: [
      '/add-search-bar-to-header-in-squarespace-7-1',
      '/squarespace-search-bar',
      '/add-search-bar-squarespace-no-code',
    ],
  }),
];
