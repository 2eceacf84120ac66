import { PUBLIC_ORIGIN, type PublicPage } from '../../shared/public-page';
import { VectorsPage } from './VectorsPage';

const title = 'Sniff Vectors: typo-tolerant search for icon and UI libraries';
const description =
  'A search layer for icon and UI-component libraries: typo and synonym tolerance, instant results, and analytics on popular terms and zero-result searches. Early access.';

export const VECTORS_PAGE: PublicPage = {
  path: '/vectors',
  title,
  description,
  keywords: ['icon library search', 'ui component library search', 'search for design systems', 'svg icon search'],
  structuredData: [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: title,
      description,
      url: `${PUBLIC_ORIGIN}/vectors`,
      isPartOf: { '@type': 'WebSite', name: 'Sniff', url: PUBLIC_ORIGIN },
      about: {
        '@type': 'SoftwareApplication',
        name: 'Sniff Vectors',
        applicationCategory: 'DeveloperApplication',
        operatingSystem: 'Web',
      },
    },
  ],
  Page: VectorsPage,
};
