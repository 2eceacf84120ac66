import { PLAN_CATALOGUE, SQUARESPACE_KEY_ACCESS, SQUARESPACE_KEY_NO_MORE } from '@sniff/contracts';
import type { Benefit, Block, Faq, GuideContent, InstallStep } from './types';

/**
 * Free-trial length on every page. The spec's source shows 14 days on one guide page and 3 days
 * everywhere else; the product (access gate, landing page) gives 3 days, so every guide says 3.
 */
export const TRIAL_DAYS = 3;

/** Shown in every example snippet; the real Store ID comes from the dashboard. */
export const PLACEHOLDER_STORE_ID = 'YOUR_STORE_ID';

/** "$5/month" from the shared plan catalogue, so guides never quote a stale price. */
export function monthlyPrice(planKey: string): string {
  const plan = PLAN_CATALOGUE.find((p) => p.key === planKey);
  if (!plan?.monthly) throw new Error(`no monthly price for plan ${planKey}`);
  return `$${plan.monthly.amountUsd}/month`;
}

export const CACHE_TIP = 'If the widget does not appear, clear the browser cache and reload the page.';

// ---------------------------------------------------------------- Squarespace

const squarespaceKeySteps = (access: string): string[] => [
  'In Squarespace, open Settings and find Developer API Keys (under Advanced or Developer Tools, depending on your dashboard version).',
  'Choose Generate Key and name it "Sniff" so you can recognise it later.',
  `Give it ${access}. Sniff only reads: it never changes your site.`,
  'Save, then copy the key straight away: Squarespace shows it only once.',
  'In Sniff, open Create Search Widget, pick the Squarespace tile and enter your store URL exactly as it appears in your browser (for example https://www.yourstore.com, not yourstore.squarespace.com if you use your own domain).',
  'Paste the key into the Developer API Key field and press Connect Squarespace.',
];

const SQUARESPACE_KEY_TABLE: Block = {
  kind: 'table',
  caption: 'Permissions the Squarespace developer API key needs',
  head: ['Squarespace API', 'Permission', 'What Sniff reads'],
  rows: [
    [
      'Products',
      'Read only',
      'Products and product information: names, descriptions, prices, images, variants and their stock levels',
    ],
  ],
};

/** Step 1 for Squarespace shops, portfolios and pages: a read-only developer API key. */
export const SQUARESPACE_CONNECT: InstallStep = {
  title: 'Connect your Squarespace site',
  summary:
    'Create a read-only Squarespace developer API key and connect it in Sniff with your store URL exactly as it appears.',
  blocks: [
    {
      kind: 'p',
      text: 'Sniff reads your Squarespace content through a developer API key, the way Squarespace recommends for outside services. The key is read-only and you can revoke it in Squarespace at any time.',
    },
    {
      kind: 'list',
      ordered: true,
      items: squarespaceKeySteps(SQUARESPACE_KEY_ACCESS),
    },
    SQUARESPACE_KEY_TABLE,
    { kind: 'p', text: SQUARESPACE_KEY_NO_MORE },
    {
      kind: 'note',
      title: 'Store URL',
      text: 'Enter the store URL exactly as it appears in the address bar of your live site, including https:// and www if your site uses it. A URL that differs from the one the key belongs to cannot be connected.',
    },
  ],
};

/** Step 1 for the blog guides (food blog included): the key reads blog posts and blog content. */
export const SQUARESPACE_BLOG_CONNECT: InstallStep = {
  title: 'Connect your Squarespace blog',
  summary:
    'Create a read-only developer API key for your blog posts and blog content, then connect it in Sniff with Store Type Blog.',
  blocks: [
    {
      kind: 'p',
      text: 'A blog needs no shop data. Sniff reads your published posts (titles, excerpts, the text with its ingredients or examples, categories and tags) and nothing else.',
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        ...squarespaceKeySteps('read-only access to your blog posts and blog content').slice(0, 5),
        'Under Store Type choose Blog. Under Search Type choose Content Search + Products Search to search every recipe, or Product Search Only if you sell cookbooks or kits and want only those found.',
        'Optionally add your sitemap URL (https://www.yourblog.com/sitemap.xml) so Sniff finds every post, then paste the key and press Connect Squarespace.',
      ],
    },
    {
      kind: 'table',
      caption: 'Permissions the key needs for a blog',
      head: ['Content', 'Permission', 'What Sniff reads'],
      rows: [
        ['Blog posts', 'Read only', 'Post titles, dates, categories, tags and excerpts'],
        ['Blog content', 'Read only', 'The text of each post: ingredients, method, notes'],
      ],
    },
  ],
};

export function squarespaceCodeStep(kind: 'store' | 'blog'): InstallStep {
  return {
    title: 'Get your code',
    summary: 'Copy the embed code Sniff shows after connecting: one container and one script tag.',
    blocks: [
      {
        kind: 'p',
        text: `When the connection succeeds you see "Search Bar Created! Install Widget Code" with your Store ID and the code below, already filled in. Pick the size and corner style first; the code updates as you change them. The example here uses ${PLACEHOLDER_STORE_ID} where yours has the real ID.`,
      },
      ...(kind === 'blog'
        ? [
            {
              kind: 'p' as const,
              text: 'For a blog the script says data-type="blog", which tells the widget to show post titles and excerpts rather than prices.',
            },
          ]
        : []),
    ],
  };
}

const SQUARESPACE_CODE_BLOCK_STEPS = [
  'Open the page in the Squarespace editor and click Edit.',
  'Click an insert point (+) where the search bar should go, choose Code, and drop the block in place.',
  'Leave the block in HTML mode (not Markdown) and turn Display Source off.',
  'Paste the Sniff code, click outside the block and press Save.',
];

/** Step 3 on Squarespace: a Code block in HTML mode, with where to put it for this guide. */
export function squarespacePlaceStep(where: string, extra: Block[] = []): InstallStep {
  return {
    title: 'Add a Code block in HTML mode',
    summary: `Add a Code block in HTML mode ${where}, paste the code and save.`,
    blocks: [
      { kind: 'p', text: `Put the search bar ${where}.` },
      { kind: 'list', ordered: true, items: SQUARESPACE_CODE_BLOCK_STEPS },
      {
        kind: 'note',
        title: 'Squarespace plan',
        text: 'Squarespace runs scripts in Code blocks and in Code Injection only on plans that allow custom code (Business and higher). On a Personal plan the block saves, but the search bar will not load.',
      },
      ...extra,
    ],
  };
}

export function squarespaceTestStep(extra: Block[] = []): InstallStep {
  return {
    title: 'Test your search',
    summary: 'Open your live site, search for a product or page with a deliberate typo and check the results.',
    blocks: [
      {
        kind: 'list',
        ordered: true,
        items: [
          'Open your live site in a new tab (the editor preview does not always run scripts).',
          'Type part of a product or page name, then try it with a typo, for example "linnen" for "linen".',
          'Click a result and check it opens the right page.',
        ],
      },
      {
        kind: 'p',
        text: `Sniff indexes your content when you connect and re-syncs it every 24 hours (every 12 hours on Solo Premium AI). Squarespace's own indexing of new pages is said to take 24 to 48 hours, so content published today can take a day or two to show up everywhere.`,
      },
      ...extra,
    ],
  };
}

export const SQUARESPACE_BENEFITS: Benefit[] = [
  {
    title: 'Forgives typos',
    text: 'Visitors who type "candel" or "ceramc mug" still find the candle and the ceramic mug. Squarespace\'s built-in search needs the exact word.',
  },
  {
    title: 'Results while they type',
    text: 'Suggestions appear from the first few letters, with titles, short descriptions, prices and images.',
  },
  {
    title: 'Matches your design',
    text: 'Choose size, colours and corner radius in the dashboard; the bar sits in its own Shadow DOM, so your template CSS cannot break it.',
  },
  {
    title: `From ${monthlyPrice('squarespace-basic')}`,
    text: `Solo Basic syncs every 24 hours; Solo Premium AI (${monthlyPrice('squarespace-premium')}) syncs every 12 hours and adds AI search (words of similar meaning find your pages too: "couch" finds "sofa") and e-mail support.`,
  },
];

// ---------------------------------------------------------------- SaaS / self-hosted

export const SAAS_CONNECT: InstallStep = {
  title: 'Connect your website',
  summary:
    'Add your website in Sniff: pick the SaaS / Self-hosted Business Website tile, enter the store name and Website URL, select the pages Sniff found, and press Connect Custom Website.',
  blocks: [
    {
      kind: 'list',
      ordered: true,
      items: [
        'Add Website: in the dashboard choose Create Search Widget (or Add Website on Manage Your Widgets).',
        'Select Platform: pick the SaaS / Self-hosted Business Website tile. It works for any site where you can edit the HTML: a SaaS marketing site, docs, a Webflow or WordPress site, or a hand-written one.',
        'Store Info: enter a Store Name you will recognise and your home page as the Website URL, for example https://www.example.com (a nickname is optional).',
        'Site Type: SaaS/Business is the one to choose today; Blog is marked coming soon.',
        'Page discovery: Sniff reads your sitemap, or follows the links on your home page when there is none, and lists the pages it found.',
        'Select pages: your main URL is always included. The free plan indexes the main URL plus one more page (Select Main + 1); SaaS Starter indexes up to 20 (Select All).',
        'Connect Custom Website: Sniff indexes the titles, descriptions, headings and text of the selected pages and shows "Search Bar Created! Install Widget Code".',
      ],
    },
    {
      kind: 'note',
      title: 'No pages found?',
      text: 'Page discovery needs a public site. If the list stays empty, check that the URL opens in a private browser window, that robots.txt does not block crawlers, and that the site is not behind a login. Your main URL can still be connected on its own.',
    },
  ],
};

export const SAAS_CODE: InstallStep = {
  title: 'Get your code',
  summary: 'Customise the bar (size, corners, layout) on the "Search Bar Created!" screen and copy the code.',
  blocks: [
    {
      kind: 'p',
      text: `The "Search Bar Created!" screen shows your Store ID, a live preview and the code. Adjust the look first: the code updates as you go. The example here uses ${PLACEHOLDER_STORE_ID} where yours has the real ID.`,
    },
    {
      kind: 'table',
      caption: 'Customisation on the "Search Bar Created!" screen',
      head: ['Setting', 'Choices', 'Notes'],
      rows: [
        ['Size', 'Small, medium, large', 'The free plan offers small and medium; paid plans add the larger sizes.'],
        ['Corners', 'Square or rounded', 'Rounded is the default.'],
        [
          'Results layout',
          'Cards or list',
          'Website pages are shown as a list; cards with images are used for product catalogues.',
        ],
      ],
    },
  ],
};

export const SAAS_PLACE: InstallStep = {
  title: 'Add the code to your HTML',
  summary:
    "Paste the code into your site's HTML where the search bar should appear (an HTML or code block in a site builder), then publish.",
  blocks: [
    {
      kind: 'p',
      text: 'The div marks where the bar appears; the script can sit right after it. Put both in the shared header or navigation template so every page gets the bar.',
    },
    {
      kind: 'list',
      items: [
        'Plain HTML or a static site generator: paste into the header partial or layout file.',
        'Webflow, WordPress, Wix or another builder: use its HTML / code embed block in HTML mode.',
        'React, Vue or another framework: render the div in your header component and load the script once (for example from index.html); it finds the div by its id.',
      ],
    },
  ],
};

export const SAAS_TEST: InstallStep = {
  title: 'Test your search',
  summary: 'Publish, open your site, and search for a page title with and without a typo.',
  blocks: [
    {
      kind: 'list',
      ordered: true,
      items: [
        'Publish and open the live page.',
        'Search for words from one of the pages you selected, then misspell one ("pricng" for "pricing").',
        'Use the arrow keys and Enter as well as the mouse: the bar follows the standard combobox keyboard pattern.',
      ],
    },
    {
      kind: 'p',
      text: 'Manage Your Widgets shows the indexing status (queued, running, done, failed). Results appear once it reads done.',
    },
  ],
};

export const SAAS_BENEFITS: Benefit[] = [
  {
    title: 'Free to start',
    text: 'One website, two pages and 500 searches a month on the free plan, no card required.',
  },
  {
    title: 'Finds pages, not just keywords',
    text: 'Titles count more than body text, and the last word is matched as a prefix, so "inte" finds "Integrations".',
  },
  {
    title: 'Learn what visitors need',
    text: 'SaaS Starter shows the top searches and the searches that found nothing, the best to-do list for your docs.',
  },
  {
    title: 'Accessible by default',
    text: 'Keyboard navigation, screen-reader announcements and escaped content, without any work on your side.',
  },
];

// ---------------------------------------------------------------- shared FAQ entries

export const FAQ_TRIAL: Faq = {
  question: 'Is there a free trial?',
  answer: `Yes. Paid plans start with a ${TRIAL_DAYS}-day free trial with full access, and every plan has a 30-day money-back guarantee. Cancelling keeps your plan until the end of the billing period.`,
};

export const FAQ_CACHE: Faq = {
  question: 'I pasted the code but the search bar does not show. What now?',
  answer:
    'Clear the browser cache and reload the live page (not the editor preview). If it still does not show, check that the whole code was pasted (the div and the script), that the block is in HTML mode, and that your plan on the site builder allows scripts.',
};

export const FAQ_TYPOS: Faq = {
  question: 'How many typos does Sniff forgive?',
  answer:
    'One slip in words of four letters or more and two in words of eight or more; a swapped pair of letters counts as one. When a search still finds nothing, Sniff retries with the closest words your site actually contains and shows "Did you mean".',
};

export const FAQ_SPEED: Faq = {
  question: 'Will it slow my site down?',
  answer:
    'No. The script loads asynchronously, after your page, and the search bar is rendered in a Shadow DOM so it neither waits for nor restyles your content. Searches are answered by Sniff, not by your site.',
};

export const FAQ_SQUARESPACE_KEY: Faq = {
  question: 'Is it safe to give Sniff a Squarespace API key?',
  answer:
    'The key is read-only, so Sniff can read but never change your content, stock or orders. It is used only to sync your site, and you can revoke it in Squarespace at any time, which stops the sync straight away.',
};

export const FAQ_SQUARESPACE_VERSIONS: Faq = {
  question: 'Does it work on Squarespace 7.0 and 7.1?',
  answer:
    'Yes. The code is plain HTML and JavaScript, so it works in a Code block on any template of 7.0 or 7.1, on plans that allow custom code.',
};

// ---------------------------------------------------------------- Squarespace guide defaults

type SquarespaceGuideInput = Omit<
  GuideContent,
  'snippet' | 'setupMinutes' | 'startLabel' | 'install' | 'benefits' | 'cta'
> &
  Partial<Pick<GuideContent, 'setupMinutes' | 'startLabel' | 'benefits' | 'cta' | 'snippet'>> & {
    /** Where the Code block goes, finishing "Put the search bar ...". */
    placeWhere: string;
    placeExtra?: Block[];
    testExtra?: Block[];
    install?: Partial<GuideContent['install']>;
  };

/** A Squarespace guide: the shared connect / code / test steps and benefits, with its own placement and text. */
export function squarespaceGuide(input: SquarespaceGuideInput): GuideContent {
  const { placeWhere, placeExtra, testExtra, install, ...rest } = input;
  return {
    snippet: { platform: 'squarespace', type: 'ecommerce' },
    setupMinutes: 5,
    startLabel: `Start ${TRIAL_DAYS}-Day Free Trial`,
    benefits: SQUARESPACE_BENEFITS,
    cta: {
      heading: 'Ready when you are: about five minutes to a better search',
      text: `Plans from ${monthlyPrice('squarespace-basic')} with a ${TRIAL_DAYS}-day free trial and a 30-day money-back guarantee.`,
    },
    ...rest,
    install: {
      connect: SQUARESPACE_CONNECT,
      code: squarespaceCodeStep('store'),
      place: squarespacePlaceStep(placeWhere, placeExtra),
      test: squarespaceTestStep(testExtra),
      ...install,
    },
  };
}
