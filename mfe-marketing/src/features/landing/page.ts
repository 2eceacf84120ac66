import { PUBLIC_ORIGIN, type PublicPage } from '../../shared/public-page';
import { FAQ, HERO } from './content';
import { LandingPage } from './LandingPage';
import { LOWEST_PAID_MONTHLY_USD } from './pricing';

const DESCRIPTION =
  'Add a hosted search bar that forgives typos to your Squarespace, Shopify or SaaS website. One script tag, ' +
  'about 2 minutes, no coding. 3-day free trial.';

/** The landing page and what search engines and social cards read from it. */
export const LANDING_PAGE: PublicPage = {
  path: '/',
  title: 'Sniff: Typo-Tolerant Site Search for Squarespace, Shopify & SaaS',
  description: DESCRIPTION,
  keywords: [
    'site search',
    'website search bar',
    'typo tolerant search',
    'instant search',
    'Squarespace search',
    'Shopify search',
    'SaaS website search',
    'search widget',
  ],
  structuredData: [
    {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Sniff',
      url: `${PUBLIC_ORIGIN}/`,
      description: HERO.lead,
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      // Marketing data of spec section 1: the entry price (Solo Basic, monthly) and the published rating.
      offers: {
        '@type': 'Offer',
        price: String(LOWEST_PAID_MONTHLY_USD),
        priceCurrency: 'USD',
        priceValidUntil: '2025-12-31',
        url: `${PUBLIC_ORIGIN}/#pricing`,
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', ratingCount: '247' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: FAQ.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    },
  ],
  Page: LandingPage,
};
