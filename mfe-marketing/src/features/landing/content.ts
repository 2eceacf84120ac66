/**
 * The landing page's words. Claims stay within what the product does (spec sections 1 and 9); the FAQ
 * feeds both the accordion and the FAQPage structured data.
 */
import { WHAT_IS_A_SEARCH } from '@sniff/contracts';

export interface Point {
  title: string;
  text: string;
}

export const HERO = {
  eyebrow: 'Hosted site search for Squarespace, Shopify and SaaS websites',
  title: 'Site search that forgives typos',
  lead:
    'Sniff adds an instant search bar to your website that understands what visitors meant, even when they ' +
    'misspell it. Paste one script tag, no coding, and your search is live in about 2 minutes.',
  facts: ['3-day free trial', 'Setup in about 2 minutes', 'No coding', 'Free plan for SaaS websites'],
};

export const PROBLEMS: Record<'saas' | 'squarespace', Point[]> = {
  saas: [
    {
      title: 'Visitors cannot find the page they came for',
      text:
        'Docs, pricing, changelog, help articles: without a search bar, visitors dig through menus. Many give up ' +
        'and leave, or open a support ticket for an answer you already wrote.',
    },
    {
      title: 'Building search yourself takes weeks',
      text:
        'Crawling pages, keeping an index fresh, ranking, handling typos and a results list that works on a ' +
        'phone: time you would rather spend on your product.',
    },
    {
      title: 'You do not know what people look for',
      text:
        'Without search data you guess which pages to write next. The questions visitors type into a search ' +
        'bar are the best content plan you can get.',
    },
  ],
  squarespace: [
    {
      title: 'One typo, no results',
      text:
        'The built-in search matches the words that are typed. A small slip such as "sourdogh" can come back ' +
        'empty even though your shop sells sourdough.',
    },
    {
      title: 'New products take a while to appear',
      text:
        'Squarespace indexes new pages and products on its own schedule, which can take 24 to 48 hours. ' +
        'Until then, visitors searching for them find nothing.',
    },
    {
      title: 'Search that does not look like your site',
      text:
        'The search block follows your template. Changing its colours, size or corners means custom CSS ' +
        'that can break with the next template update.',
    },
  ],
};

export const SOLUTION_STEPS: Point[] = [
  {
    title: 'Add your website',
    text:
      'Sign up and enter your address. For Squarespace, paste a developer API key; for SaaS and business ' +
      'sites, Sniff finds your pages and you pick the ones to index; for Shopify, upload your catalogue CSV.',
  },
  {
    title: 'Style the search bar',
    text:
      'Choose the size, rounded or square corners, colours and a cards or list layout, and watch the live ' +
      'preview change as you go.',
  },
  {
    title: 'Paste one script tag',
    text:
      'Copy the snippet into a code block (HTML mode on Squarespace) or your site’s HTML. Your visitors get ' +
      'instant, typo-tolerant results from then on.',
  },
];

export interface Feature extends Point {
  /** Shown under the text: which plans have it, when not all. */
  tag?: string;
  /** Whether the public demo store shows this feature (gets a "Try it live" button). */
  demo: boolean;
}

export const FEATURES: Feature[] = [
  {
    title: 'Forgives typos',
    text:
      'One slip is fine from four letters, two from eight, and swapped letters count as one. Visitors who type ' +
      '"pricng" or "sourdogh" still land on the right page.',
    demo: true,
  },
  {
    title: 'Results as you type',
    text:
      'Suggestions appear with the first letters, and the last word is matched as a prefix, so "sour" already ' +
      'finds "sourdough starter".',
    demo: true,
  },
  {
    title: 'Finds parts of words',
    text:
      'Titles weigh more than descriptions, exact matches come before close ones, and a word hidden inside a ' +
      'longer one is still found.',
    demo: true,
  },
  {
    title: '"Did you mean" instead of a dead end',
    text:
      'When a search finds nothing, Sniff retries with the closest words your site actually uses and tells the ' +
      'visitor what it searched for instead.',
    demo: true,
  },
  {
    title: 'Looks like your site',
    text:
      'Set the size, corner radius, text, border and background colours, the placeholder and whether results ' +
      'show descriptions and prices.',
    tag: 'All sizes and a custom placeholder on paid plans',
    demo: true,
  },
  {
    title: 'Search analytics',
    text:
      'See every search of the last 30 days, your top 10 searches and the searches that found nothing, so you ' +
      'know which page to write or which product to stock next. Turn on a weekly e-mail of the searches that ' +
      'found nothing, each with a link to add a synonym or pin an answer.',
    tag: 'Paid SaaS plans',
    demo: false,
  },
];

export type Support = 'yes' | 'partial' | 'no';

export interface ComparisonRow {
  feature: string;
  sniff: { mark: Support; note: string };
  squarespace: { mark: Support; note: string };
  plugins: { mark: Support; note: string };
}

/** Compared with care: other products change, so their cells say "varies" where that is the truth. */
export const COMPARISON: ComparisonRow[] = [
  {
    feature: 'Finds results despite typos',
    sniff: { mark: 'yes', note: '1 typo from 4 letters, 2 from 8' },
    squarespace: { mark: 'no', note: 'Matches the words as typed' },
    plugins: { mark: 'partial', note: 'Varies by plugin' },
  },
  {
    feature: 'Suggestions while visitors type',
    sniff: { mark: 'yes', note: 'Instant, from the first letters' },
    squarespace: { mark: 'partial', note: 'Basic' },
    plugins: { mark: 'yes', note: 'Usually' },
  },
  {
    feature: '"Did you mean" when nothing matches',
    sniff: { mark: 'yes', note: 'Uses words from your own site' },
    squarespace: { mark: 'no', note: 'Shows no results' },
    plugins: { mark: 'partial', note: 'Varies by plugin' },
  },
  {
    feature: 'New content becomes searchable',
    sniff: { mark: 'yes', note: 'Re-sync every 24 hours, 12 on Premium AI' },
    squarespace: { mark: 'partial', note: 'Can take 24 to 48 hours' },
    plugins: { mark: 'partial', note: 'Varies by plugin' },
  },
  {
    feature: 'Match your colours, size and corners',
    sniff: { mark: 'yes', note: 'Point and click, with a live preview' },
    squarespace: { mark: 'partial', note: 'Template styles or custom CSS' },
    plugins: { mark: 'partial', note: 'Often needs CSS' },
  },
  {
    feature: 'Searches that found nothing, listed',
    sniff: { mark: 'yes', note: 'Paid SaaS plans' },
    squarespace: { mark: 'partial', note: 'Keyword report in its analytics' },
    plugins: { mark: 'partial', note: 'Often on higher tiers' },
  },
  {
    feature: 'Works beyond one platform',
    sniff: { mark: 'yes', note: 'Squarespace, SaaS and business sites, Shopify by CSV' },
    squarespace: { mark: 'no', note: 'Squarespace only' },
    plugins: { mark: 'partial', note: 'Usually one platform' },
  },
  {
    feature: 'Setup',
    sniff: { mark: 'yes', note: 'One script tag, about 2 minutes' },
    squarespace: { mark: 'yes', note: 'Built in' },
    plugins: { mark: 'partial', note: 'Plugin install or code' },
  },
];

/**
 * Sniff is new: these are typical sites and what changes for their visitors, not quotes from
 * named customers (the section says so). Replace them with real, permissioned stories.
 */
export interface Testimonial {
  site: string;
  story: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    site: 'A baking supplies shop on Squarespace',
    story:
      'Customers email to ask whether the shop stocks rye flour, because "rye flor" finds nothing. With Sniff, the ' +
      'typo finds the product, and the emails stop.',
  },
  {
    site: 'A small SaaS product',
    story:
      'Setup takes a couple of minutes. The zero-result list then shows which help articles visitors look for and ' +
      'do not find.',
  },
  {
    site: 'A design studio portfolio on Squarespace',
    story:
      'Years of projects: clients type a half-remembered name, and the partial word finds the right project ' +
      'without an e-mail to the studio.',
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: FaqEntry[] = [
  {
    question: 'How long does it take to set up Sniff?',
    answer:
      'About 2 minutes for most sites: sign up, add your website, choose how the search bar looks, then paste ' +
      'one script tag into your site. On Squarespace that is a code block in HTML mode. No coding is needed.',
  },
  {
    question: 'Which websites does Sniff work with?',
    answer:
      'Squarespace sites (connected with a developer API key), SaaS, business and other self-hosted websites ' +
      '(Sniff finds your pages from your address), and Shopify stores through a product catalogue CSV upload. ' +
      'WooCommerce, Shopware, Magento and BigCommerce are coming soon.',
  },
  {
    question: 'What happens when a visitor makes a typo?',
    answer:
      'Sniff allows one typo in words of four letters or more and two from eight letters; swapped letters count ' +
      'as one. Exact matches rank first. If a search still finds nothing, Sniff retries with the closest words ' +
      'your site uses and shows what it searched for instead.',
  },
  {
    question: 'Is there a free trial or a free plan?',
    answer:
      'Every paid plan starts with a 3-day free trial with full access. SaaS and business websites can also ' +
      'stay on the free plan: one website, two pages indexed and 500 searches a month.',
  },
  { question: WHAT_IS_A_SEARCH.q, answer: WHAT_IS_A_SEARCH.a },
  {
    question: 'How does Sniff keep search results up to date?',
    answer:
      'Sniff re-reads your content automatically: every 24 hours on most plans and every 12 hours on Solo ' +
      'Premium AI. New pages and products show up without you doing anything.',
  },
  {
    question: 'Can the search bar match my site’s design?',
    answer:
      'Yes. You choose the size, rounded or square corners, text, border and background colours, and whether ' +
      'results show as cards or a list with descriptions and prices. The dashboard shows a live preview.',
  },
  {
    question: 'What does Sniff show me about searches?',
    answer:
      'On paid SaaS plans the analytics page lists every search of the last 30 days, your top 10 searches, and ' +
      'the searches that found nothing, so you can see what visitors miss.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. Plan changes take effect immediately. If you cancel, you keep your plan until the end of the billing ' +
      'period, and paid plans come with a 30-day money-back guarantee.',
  },
];
