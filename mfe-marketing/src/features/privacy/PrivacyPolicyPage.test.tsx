import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { registerPlatform } from '@sniff/shell-sdk';
import { createPrerenderPlatform } from '../../prerender/platform';
import { EXTERNAL_LINKS } from '../../shared/links';
import { PRIVACY_PAGE } from './page';
import { PRIVACY_SECTION_IDS } from './PrivacyPolicyPage';

// Node environment, as the pre-renderer runs.
registerPlatform({ ...createPrerenderPlatform(() => undefined), theme: 'dark' });

const html = renderToString(
  <MemoryRouter initialEntries={['/privacy-policy']}>
    <PRIVACY_PAGE.Page />
  </MemoryRouter>,
);
const text = html
  .replace(/<!-- -->/g, '')
  .replace(/<[^>]+>/g, ' ')
  .replace(/&#x27;/g, "'")
  .replace(/\s+/g, ' ');

describe('/privacy-policy', () => {
  it('pre-renders one h1 and the effective date', () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(text).toContain('Privacy Policy');
    expect(html).toContain('<time dateTime="2025-06-17">June 17, 2025</time>');
  });

  it('has every section the spec lists, each reachable from the table of contents', () => {
    for (const heading of [
      'Information we collect',
      'How we use information',
      'How we share information',
      'Cookies and browser storage',
      'Security',
      'How long we keep information',
      'International transfers',
      'Your rights under the GDPR and the CCPA',
      'Children',
      'Deleting your account',
      'Contact us',
    ])
      expect(text).toContain(heading);
    for (const id of PRIVACY_SECTION_IDS) {
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('states the commitments the spec names', () => {
    expect(text).toContain('up to 7 years');
    expect(text).toContain('not directed to children under 16');
    expect(text).toContain('Delete Account option in your dashboard');
    expect(text).toContain('Standard Contractual Clauses');
    expect(text).toMatch(/GDPR/);
    expect(text).toMatch(/CCPA/);
    expect(html).toContain(`href="${EXTERNAL_LINKS.supportEmail}"`);
  });

  it('has unique, JSON-serialisable page data', () => {
    expect(PRIVACY_PAGE.path).toBe('/privacy-policy');
    expect(JSON.parse(JSON.stringify(PRIVACY_PAGE.structuredData))).toEqual(PRIVACY_PAGE.structuredData);
    expect(PRIVACY_PAGE.structuredData[0]).toMatchObject({ '@type': 'WebPage', datePublished: '2025-06-17' });
  });
});
