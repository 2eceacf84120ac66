import { parseRemotesManifest, parseRuntimeConfig } from './config';

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
});
