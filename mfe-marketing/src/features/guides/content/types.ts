import type { Platform, StoreType } from '@sniff/contracts';

/** A link inside guide content: internal routes only, or /dashboard paths. */
export interface GuideLink {
  href: string;
  label: string;
}

/** One tab of a tabs block; `comingSoon` tabs stay selectable but are labelled as such. */
export interface GuideTab {
  id: string;
  label: string;
  comingSoon?: boolean;
  blocks: Block[];
}

/**
 * The pieces guide text is made of. Content modules are plain data; GuidePage renders them, and
 * the same data feeds the JSON-LD, so the page and its structured data never disagree.
 */
export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  /** A copyable code sample; `label` names it for the reader and for assistive technology. */
  | { kind: 'code'; label: string; code: string }
  | { kind: 'table'; caption: string; head: string[]; rows: string[][] }
  /** A highlighted tip or warning. */
  | { kind: 'note'; title: string; text: string }
  | { kind: 'tabs'; id: string; label: string; tabs: GuideTab[] }
  | { kind: 'links'; items: GuideLink[] };

/** One of the four install steps: its title and one-line summary also make the overview and HowTo. */
export interface InstallStep {
  title: string;
  summary: string;
  blocks: Block[];
}

export interface GuideSection {
  id: string;
  heading: string;
  blocks: Block[];
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Benefit {
  title: string;
  text: string;
}

export interface GuideContent {
  path: string;
  /** <title>, unique across the site. */
  title: string;
  /** Meta description, unique across the site. */
  description: string;
  keywords: string[];
  /** What the snippet in "Get your code" is built for. */
  snippet: { platform: Platform; type: StoreType };
  hero: {
    /** Short line above the h1 (platform or topic). */
    eyebrow: string;
    /** The page's only h1. */
    heading: string;
    lead: string;
  };
  /** Typical minutes from sign-up to a working search bar on this platform. */
  setupMinutes: number;
  /** Label of the start button (to the create-store wizard). */
  startLabel: string;
  /** Sections shown before the install steps (topic text, troubleshooting, comparisons). */
  sections?: GuideSection[];
  /** Exactly four: connect your site, get your code, add it to the page, test. */
  install: {
    connect: InstallStep;
    code: InstallStep;
    place: InstallStep;
    test: InstallStep;
  };
  /** Sections shown after the install steps. */
  afterInstall?: GuideSection[];
  benefits: Benefit[];
  faq: Faq[];
  cta: { heading: string; text: string };
  /** Paths of other guides worth reading next; each must be a guide route. */
  related: string[];
  /** Troubleshooting guides also publish a TechArticle. */
  troubleshooting?: boolean;
}
