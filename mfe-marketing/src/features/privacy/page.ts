import { PUBLIC_ORIGIN, type PublicPage } from '../../shared/public-page';
import { EFFECTIVE_DATE_ISO, PrivacyPolicyPage } from './PrivacyPolicyPage';

const title = 'Privacy Policy | Sniff';
const description =
  'How Sniff handles personal information: what we collect to run search for your site, who we share it with, cookies, retention, and your GDPR and CCPA rights.';

export const PRIVACY_PAGE: PublicPage = {
  path: '/privacy-policy',
  title,
  description,
  keywords: ['sniff privacy policy', 'site search privacy', 'gdpr', 'ccpa'],
  structuredData: [
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: title,
      description,
      url: `${PUBLIC_ORIGIN}/privacy-policy`,
      datePublished: EFFECTIVE_DATE_ISO,
      dateModified: EFFECTIVE_DATE_ISO,
      isPartOf: { '@type': 'WebSite', name: 'Sniff', url: PUBLIC_ORIGIN },
      publisher: { '@type': 'Organization', name: 'Sniff', url: PUBLIC_ORIGIN },
    },
  ],
  Page: PrivacyPolicyPage,
};
