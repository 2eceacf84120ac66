import {
  FAQ_CACHE,
  FAQ_SPEED,
  FAQ_SQUARESPACE_KEY,
  FAQ_SQUARESPACE_VERSIONS,
  FAQ_TRIAL,
  FAQ_TYPOS,
  SAAS_BENEFITS,
  SAAS_CODE,
  SAAS_CONNECT,
  SAAS_PLACE,
  SAAS_TEST,
  SQUARESPACE_BENEFITS,
  SQUARESPACE_CONNECT,
  TRIAL_DAYS,
  monthlyPrice,
  squarespaceCodeStep,
  squarespacePlaceStep,
  squarespaceTestStep,
} from './common';
import type { GuideContent } from './types';

/** The three platform pages: Squarespace, Shopify and SaaS / self-hosted websites. */
export const PLATFORM_GUIDES: GuideContent[] = [
  {
    path: '/squarespace',
    title: 'Sniff for Squarespace: typo-tolerant search bar for your store',
    description:
      'Add an instant, typo-tolerant search bar to your Squarespace store, blog or portfolio in about five minutes: one read-only API key, one Code block, no coding.',
    keywords: ['squarespace search', 'squarespace search bar', 'squarespace product search', 'squarespace plugin'],
    snippet: { platform: 'squarespace', type: 'ecommerce' },
    hero: {
      eyebrow: 'Sniff for Squarespace',
      heading: 'A search bar your Squarespace visitors will actually use',
      lead: 'Instant results while they type, forgiving of typos, styled to your site. Connect with a read-only API key and paste one Code block.',
    },
    setupMinutes: 5,
    startLabel: `Start ${TRIAL_DAYS}-Day Free Trial`,
    sections: [
      {
        id: 'why',
        heading: "Why Squarespace's built-in search falls short",
        blocks: [
          {
            kind: 'p',
            text: 'The search block that ships with Squarespace matches whole words only, shows results on a separate page, and takes its time to pick up new content. A visitor who types "earings" instead of "earrings" sees an empty page and usually leaves.',
          },
          {
            kind: 'p',
            text: 'Sniff keeps its own index of your products, pages and posts, answers in milliseconds as people type, and retries misspelled searches with the closest words your site actually contains.',
          },
        ],
      },
    ],
    install: {
      connect: SQUARESPACE_CONNECT,
      code: squarespaceCodeStep('store'),
      place: squarespacePlaceStep(
        'where visitors look for it: at the top of your shop page, on the home page, or in the footer',
      ),
      test: squarespaceTestStep(),
    },
    benefits: SQUARESPACE_BENEFITS,
    faq: [
      FAQ_SQUARESPACE_KEY,
      FAQ_SQUARESPACE_VERSIONS,
      FAQ_TYPOS,
      {
        question: 'What does Sniff search on a Squarespace site?',
        answer:
          'Products with their descriptions, prices and images. For a blog you choose when connecting: Product Search Only, or Content Search + Products Search to include your posts and pages.',
      },
      FAQ_TRIAL,
    ],
    cta: {
      heading: 'Give your Squarespace visitors a search that finds things',
      text: `Plans start at ${monthlyPrice('squarespace-basic')}, with a ${TRIAL_DAYS}-day free trial.`,
    },
    related: [
      '/how-to-add-search-bar-to-squarespace',
      '/add-search-bar-to-header-in-squarespace-7-1',
      '/fix-squarespace-search-not-working',
      '/add-search-bar-to-squarespace-blog',
    ],
  },
  {
    path: '/shopify',
    title: 'Sniff for Shopify: instant product search from a CSV catalogue',
    description:
      'Give your Shopify store instant, typo-tolerant product search: upload your catalogue as a CSV, paste one snippet into a Custom Liquid section, done.',
    keywords: ['shopify search', 'shopify search bar', 'shopify product search app', 'shopify csv search'],
    snippet: { platform: 'shopify', type: 'store' },
    hero: {
      eyebrow: 'Sniff for Shopify',
      heading: 'Product search for Shopify that understands typos',
      lead: 'Upload your product catalogue, paste one snippet into your theme, and shoppers find products from the first letters they type.',
    },
    setupMinutes: 10,
    startLabel: 'Start with Shopify',
    install: {
      connect: {
        title: 'Connect your Shopify store',
        summary:
          "Upload Shopify's product export as it is, or a CSV file with the columns name, description, price, category, image_url. OAuth2 connection and a Shopify App are coming soon.",
        blocks: [
          {
            kind: 'p',
            text: 'Pick how Sniff gets your products. CSV Upload works today; the other two ways are on their way.',
          },
          {
            kind: 'tabs',
            id: 'shopify-install',
            label: 'Ways to connect Shopify',
            tabs: [
              {
                id: 'csv',
                label: 'CSV Upload',
                blocks: [
                  {
                    kind: 'list',
                    ordered: true,
                    items: [
                      'In Shopify admin open Products, choose Export, and export all products as a CSV file.',
                      "Keep the file as Shopify made it: Sniff reads the export's own columns (see the table below). A file with Sniff's five columns name, description, price, category, image_url is accepted too, for a catalogue kept elsewhere.",
                      'In Sniff, open Create Search Widget and pick the Shopify tile. Enter your store name exactly as in your myshopify address: "linen-and-loom" for linen-and-loom.myshopify.com.',
                      'Choose the CSV file and upload it. The button reads Creating Store... and then Store Created Successfully; if it says Failed - Try Again, check the columns and upload again.',
                    ],
                  },
                  {
                    kind: 'table',
                    caption: "What Sniff reads from Shopify's product export",
                    head: ['Shopify export column', 'In search results', "Sniff's own column"],
                    rows: [
                      ['Handle', 'One result per product, its variants together; links to /products/<handle>', '—'],
                      ['Title', 'The title', 'name'],
                      ['Body (HTML)', 'The description, as plain text', 'description'],
                      [
                        'Variant Price',
                        'The lowest variant price; when variants differ, the range ("24.00 – 28.50") starts the description',
                        'price',
                      ],
                      ['Type, Product Category, Vendor, Tags', 'Searched with the product', 'category'],
                      ['Image Src', 'The first image', 'image_url'],
                      ['Status, Published', 'Drafts, archived and unpublished products are left out and listed', '—'],
                    ],
                  },
                  {
                    kind: 'code',
                    label: "Example CSV with Sniff's own columns",
                    code: 'name,description,price,category,image_url\nLinen apron,"Stonewashed linen apron with two front pockets",38.00,Kitchen,https://cdn.shopify.com/s/files/apron.jpg\nOak serving board,"Hand-finished oak board, 40 x 20 cm",54.00,Kitchen,https://cdn.shopify.com/s/files/board.jpg',
                  },
                ],
              },
              {
                id: 'oauth',
                label: 'OAuth2 Connection',
                blocks: [
                  {
                    kind: 'p',
                    text: "Connect with Shopify, in the wizard's Connect Store step, signs you in to your store and lets Sniff read your products directly (read_products only), so the catalogue stays in sync every 24 hours, or at once with Sync now, without uploads. Shopify asks you to approve the access in a window of its own; Sniff never sees your password.",
                  },
                ],
              },
              {
                id: 'app',
                label: 'Shopify App',
                comingSoon: true,
                blocks: [
                  {
                    kind: 'p',
                    text: 'A Shopify App Store listing is planned: it will install Sniff with one click and add the search bar through a theme app block, with no code to paste. It is not available yet; this page will say so when it is.',
                  },
                ],
              },
            ],
          },
        ],
      },
      code: {
        title: 'Get your code',
        summary: 'Copy the embed code shown once your store is created.',
        blocks: [
          {
            kind: 'p',
            text: 'After the upload, Sniff shows your Store ID and the embed code. Choose the size, corners and whether results show as cards with images or as a list; the code updates as you change them.',
          },
        ],
      },
      place: {
        title: 'Add the code to your theme',
        summary:
          'In the theme editor add a Custom Liquid section (the HTML block of Shopify themes), paste the code and save.',
        blocks: [
          {
            kind: 'list',
            ordered: true,
            items: [
              'In Shopify admin open Online Store, then Themes, and press Customize on your live theme.',
              'Choose Add section (on the page or in the header group) and pick Custom Liquid.',
              'Paste the Sniff code into the Custom Liquid field; it takes HTML as it is.',
              'Drag the section where the bar should appear and press Save.',
            ],
          },
          {
            kind: 'p',
            text: 'Older themes without sections: open Edit code, find the header file (header.liquid or theme.liquid) and paste the code where the bar should appear, above the closing header tag.',
          },
        ],
      },
      test: {
        title: 'Test your search',
        summary: 'Open the store, search for a product with and without a typo, and check the prices and images.',
        blocks: [
          {
            kind: 'list',
            ordered: true,
            items: [
              'Open your storefront in a new tab.',
              'Search for a product, then misspell it ("aporn").',
              'Check that prices and images match the CSV; upload a new CSV whenever your catalogue changes.',
            ],
          },
        ],
      },
    },
    benefits: [
      {
        title: 'Typo-tolerant product search',
        text: 'Shoppers who type "sweter" still see sweaters, with prices and images in the dropdown.',
      },
      {
        title: 'Works with any theme',
        text: 'One Custom Liquid section; the bar lives in its own Shadow DOM, so theme CSS cannot break it.',
      },
      {
        title: 'Two stores on one plan',
        text: `Shopify Starter (${monthlyPrice('shopify-starter')}) covers two stores and up to 1,000 searches.`,
      },
    ],
    faq: [
      {
        question: 'CSV upload or Connect with Shopify?',
        answer:
          'Either gives the same search. Connect with Shopify (OAuth2 Connection) reads your products from Shopify and keeps them in sync every 24 hours; CSV Upload indexes the file you export, until you upload a new one. A listing in the Shopify App Store is still to come.',
      },
      {
        question: 'Which columns must the CSV have?',
        answer:
          "name, description, price, category and image_url, in a text/csv file. Map them from Shopify's export: Title, Body (HTML), Variant Price, Type and Image Src.",
      },
      {
        question: 'What store name should I enter?',
        answer:
          'The part before .myshopify.com in your admin address. Sniff lower-cases it and turns spaces into hyphens, so "Linen and Loom" becomes linen-and-loom.',
      },
      FAQ_TYPOS,
      FAQ_CACHE,
    ],
    cta: {
      heading: 'Let shoppers find products on the first try',
      text: `Upload your catalogue and have search running on your store in about ten minutes. ${TRIAL_DAYS}-day free trial.`,
    },
    related: ['/best-search-bar-for-shopify-squarespace-wix', '/squarespace-search-widget-ecommerce', '/saas-websites'],
  },
  {
    path: '/saas-websites',
    title: 'Sniff for SaaS and self-hosted websites: free site search in 2 minutes',
    description:
      'Add a typo-tolerant search bar to your SaaS, docs or business website: Sniff discovers your pages, indexes them and gives you one snippet. Free plan available.',
    keywords: ['website search bar', 'saas site search', 'add search to website', 'site search widget'],
    snippet: { platform: 'custom', type: 'business' },
    hero: {
      eyebrow: 'Sniff for SaaS and self-hosted websites',
      heading: 'Site search for your SaaS website, live in two minutes',
      lead: 'Give Sniff your URL, pick the pages, paste one snippet. Visitors find pricing, docs and features from the first letters they type.',
    },
    setupMinutes: 2,
    startLabel: 'Create Free Search Bar',
    install: { connect: SAAS_CONNECT, code: SAAS_CODE, place: SAAS_PLACE, test: SAAS_TEST },
    benefits: SAAS_BENEFITS,
    faq: [
      {
        question: 'Which pages does Sniff index?',
        answer:
          'The pages you select after discovery: your main URL always, plus one more on the free plan or up to 20 on SaaS Starter. Sniff reads their titles, descriptions, headings and text.',
      },
      {
        question: 'Does it work with React, Next.js or a static site?',
        answer:
          'Yes. The snippet is a div and a script with no dependencies; render the div in your header and load the script once. It works with any framework or none.',
      },
      {
        question: 'How do I keep the index up to date?',
        answer:
          'Sniff re-reads the pages you selected automatically, every 24 hours (every 12 on faster plans), so edits to those pages show up in search without any action from you.',
      },
      FAQ_SPEED,
      {
        question: 'What does the free plan include?',
        answer: `One website, two pages indexed (main URL included), 500 searches a month and the small and medium sizes. SaaS Starter (${monthlyPrice('saas-starter')}) adds 20 pages, up to 10k results and suggestions a month, all sizes and search analytics.`,
      },
    ],
    cta: {
      heading: 'Your site, searchable in two minutes',
      text: `Start free, upgrade when you want more pages and analytics. Paid plans come with a ${TRIAL_DAYS}-day free trial.`,
    },
    related: ['/css-search-bar-tutorial', '/best-search-bar-for-shopify-squarespace-wix', '/squarespace'],
  },
];
