import { buildEmbedSnippet } from './index';

const base = { storeId: 'st_1', widgetHost: 'https://w.sniff.dev' };

describe('buildEmbedSnippet', () => {
  it('says how a store is connected (section 3): csv import, OAuth, developer key, blog scope', () => {
    expect(buildEmbedSnippet({ ...base, platform: 'shopify', type: 'store', source: 'shopify-csv' })).toContain(
      'data-import-method="csv"',
    );
    expect(buildEmbedSnippet({ ...base, platform: 'shopify', type: 'store', source: 'shopify-oauth' })).toContain(
      'data-auth-method="oauth2"',
    );
    const blog = buildEmbedSnippet({ ...base, platform: 'squarespace', type: 'blog', source: 'squarespace' });
    expect(blog).toContain('data-auth-method="devkey"');
    expect(blog).toContain('data-scope="blog"');
    expect(blog).toContain('/widget/embed.js');
  });

  it('adds none of them for a crawled custom website, which loads the SaaS script', () => {
    const custom = buildEmbedSnippet({ ...base, platform: 'custom', type: 'business', source: 'crawl' });
    expect(custom).not.toMatch(/data-(import|auth)-method|data-scope/);
    expect(custom).toContain('/widget/saas-embed.js');
  });

  it('carries the saved settings version and the background colour, so the widget knows when it is stale', () => {
    const saved = buildEmbedSnippet({
      ...base,
      platform: 'custom',
      type: 'business',
      settings: { searchBarBackground: '#112233' },
      settingsVersion: 4,
    });
    expect(saved).toContain('data-settings-version="4"');
    expect(saved).toContain('data-search-bar-background="#112233"');
    expect(buildEmbedSnippet({ ...base, platform: 'custom', type: 'business' })).not.toContain('data-settings-version');
  });
});
