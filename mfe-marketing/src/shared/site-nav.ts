/** Links every public page shares: the landing page's section anchors and the guide pages ("Resources"). */

export interface NavLink {
  href: string;
  label: string;
}

/** Anchors of the landing page's sections; absolute ("/#...") so they also work from guide pages. */
export const SECTION_LINKS: readonly NavLink[] = [
  { href: '/#features', label: 'Features' },
  { href: '/#comparison', label: 'Compare' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#faq', label: 'FAQ' },
  { href: '/#demo', label: 'Demo' },
];

/** Guide pages linked from the mobile menu and the footer. Each must be a public route. */
export const RESOURCE_LINKS: readonly NavLink[] = [
  { href: '/squarespace', label: 'Squarespace search' },
  { href: '/shopify', label: 'Shopify search' },
  { href: '/saas-websites', label: 'Search for SaaS websites' },
  { href: '/how-to-add-search-bar-to-squarespace', label: 'Add a search bar to Squarespace' },
  { href: '/fix-squarespace-search-not-working', label: 'Fix Squarespace search' },
  { href: '/vectors', label: 'Search for UI libraries' },
  { href: '/privacy-policy', label: 'Privacy policy' },
];

/** The support address as people read it (EXTERNAL_LINKS.supportEmail is the mailto: link). */
export const SUPPORT_EMAIL = 'support@sniff.dev';
