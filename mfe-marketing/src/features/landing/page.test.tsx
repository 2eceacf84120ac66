/**
 * The landing page as the pre-renderer produces it: react-dom/server in plain Node (no window, document
 * or localStorage), so any browser-only code in render would throw here.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { registerPlatform, type Theme } from '@sniff/shell-sdk';
import { createPrerenderPlatform } from '../../prerender/platform';
import { PLAN_CATALOGUE } from '@sniff/contracts';
import { FAQ } from './content';
import { LANDING_PAGE } from './page';

function renderLanding(theme: Theme = 'light'): string {
  registerPlatform({ ...createPrerenderPlatform(() => undefined), theme });
  const { Page } = LANDING_PAGE;
  return renderToString(
    <StaticRouter location="/">
      <Page />
    </StaticRouter>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('LANDING_PAGE', () => {
  it('renders on the server, without browser globals, with exactly one h1', () => {
    expect(typeof window).toBe('undefined');
    const html = renderLanding();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Site search that forgives typos<\/h1>/);
    expect(html).toMatch(/<header[\s>]/);
    expect(html).toMatch(/<main id="main"/);
    expect(html).toMatch(/<footer[\s>]/);
  });

  it('carries every section and the content behind closed tabs and answers in its HTML', () => {
    const html = renderLanding();
    for (const id of ['features', 'comparison', 'pricing', 'faq', 'demo']) expect(html).toContain(`id="${id}"`);
    const words = text(html);
    for (const f of FAQ) expect(words).toContain(f.answer);
    // Both pricing tabs are in the HTML (one hidden), with the catalogue's names.
    for (const p of PLAN_CATALOGUE.filter((c) => c.platform !== 'shopify')) expect(words).toContain(p.name);
  });

  it('renders the same markup whatever the theme (light/dark is CSS only)', () => {
    expect(renderLanding('dark')).toBe(renderLanding('light'));
  });

  it('describes itself to search engines: SoftwareApplication offer and rating, FAQPage from the accordion', () => {
    expect(LANDING_PAGE.path).toBe('/');
    expect(LANDING_PAGE.description.length).toBeLessThanOrEqual(160);
    const [app, faq] = LANDING_PAGE.structuredData as [
      Record<string, unknown>,
      { '@type': string; mainEntity: { name: string }[] },
    ];
    expect(app).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      offers: { '@type': 'Offer', price: '5', priceCurrency: 'USD', priceValidUntil: '2025-12-31' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', ratingCount: '247' },
    });
    expect(faq['@type']).toBe('FAQPage');
    const html = renderLanding();
    const questions = [...html.matchAll(/class="accordion__button"[^>]*><span>([^<]+)<\/span>/g)].map((m) =>
      text(m[1]).trim(),
    );
    expect(questions).toHaveLength(FAQ.length);
    expect(faq.mainEntity.map((q: { name: string }) => q.name)).toEqual(questions);
    expect(JSON.parse(JSON.stringify(LANDING_PAGE.structuredData))).toEqual(LANDING_PAGE.structuredData);
  });
});
