import { parseRemotesManifest, parseRuntimeConfig, withEntry } from './config';

const config = {
  auth: { domain: 'http://localhost:8090', clientId: 'sniff-shell', audience: 'https://api.sniff.dev' },
  apiBaseUrl: '/api',
  widgetHost: 'http://localhost:8080',
  stripe: { publishableKey: 'pk_test_sniff', scriptUrl: 'http://127.0.0.1:8095/v3/stripe.js' },
};

describe('runtime documents', () => {
  it('reads the gateway configuration, with /api when no API base is given', () => {
    expect(parseRuntimeConfig(config)).toEqual(config);
    const { apiBaseUrl: _, ...withoutBase } = config;
    expect(parseRuntimeConfig(withoutBase).apiBaseUrl).toBe('/api');
  });

  it('reads the payment provider settings; a gateway that sends none means payments are off', () => {
    expect(parseRuntimeConfig(config).stripe).toEqual(config.stripe);
    const { stripe: _, ...withoutStripe } = config;
    expect(parseRuntimeConfig(withoutStripe).stripe).toEqual({ publishableKey: '', scriptUrl: '' });
    expect(() => parseRuntimeConfig({ ...config, stripe: { publishableKey: 1 } })).toThrow(
      'stripe.publishableKey must be a string',
    );
    expect(() => parseRuntimeConfig({ ...config, stripe: { scriptUrl: 'javascript:alert(1)' } })).toThrow(
      'stripe.scriptUrl must be an http(s) URL',
    );
  });

  it('names the field that is missing or wrong', () => {
    expect(() => parseRuntimeConfig({ ...config, auth: { ...config.auth, clientId: '' } })).toThrow(
      'auth.clientId must be a non-empty string',
    );
    expect(() => parseRuntimeConfig({ ...config, widgetHost: undefined })).toThrow('widgetHost');
    expect(() => parseRuntimeConfig({ ...config, auth: 'x' })).toThrow('auth must be an object');
    expect(() => parseRuntimeConfig([])).toThrow('the document must be an object');
  });

  it('reads the remotes manifest and names a bad entry by its position', () => {
    const manifest = { remotes: [{ name: 'mfe_marketing', entry: '/remotes/mfe-marketing/mf-manifest.json' }] };
    expect(parseRemotesManifest(manifest)).toEqual(manifest);
    expect(() => parseRemotesManifest({ remotes: [...manifest.remotes, { name: 'mfe_stores' }] })).toThrow(
      'remotes[1].entry must be a non-empty string',
    );
    expect(() => parseRemotesManifest({})).toThrow('remotes must be an array');
  });

  it('hydrates a pre-rendered page with the build that rendered it, whatever /remotes.json says by now', () => {
    const manifest = {
      remotes: [
        { name: 'mfe_analytics', entry: '/remotes/mfe-analytics/1.0.0/mf-manifest.json' },
        { name: 'mfe_marketing', entry: '/remotes/mfe-marketing/0.2.0%2Bb/mf-manifest.json' },
      ],
    };
    const page = '/remotes/mfe-marketing/0.1.0%2Ba/mf-manifest.json';
    expect(withEntry(manifest, 'mfe_marketing', page).remotes).toEqual([
      manifest.remotes[0],
      { name: 'mfe_marketing', entry: page },
    ]);
    // the build shipped with the gateway (no registry), and pages that name nothing or something else
    const folder = '/remotes/mfe-marketing/mf-manifest.json';
    expect(withEntry(manifest, 'mfe_marketing', folder).remotes[1]!.entry).toBe(folder);
    for (const entry of [
      null,
      '',
      'https://evil.example/mf-manifest.json',
      '/remotes/mfe-marketing/../x.js',
      '/remotes/mfe-marketing/../mf-manifest.json',
    ]) {
      expect(withEntry(manifest, 'mfe_marketing', entry)).toBe(manifest);
    }
  });
});
