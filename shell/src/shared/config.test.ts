import { parseRemotesManifest, parseRuntimeConfig } from './config';

const config = {
  auth: { domain: 'http://localhost:8090', clientId: 'sniff-shell', audience: 'https://api.sniff.dev' },
  apiBaseUrl: '/api',
  widgetHost: 'http://localhost:8080',
};

describe('runtime documents', () => {
  it('reads the gateway configuration, with /api when no API base is given', () => {
    expect(parseRuntimeConfig(config)).toEqual(config);
    const { apiBaseUrl: _, ...withoutBase } = config;
    expect(parseRuntimeConfig(withoutBase).apiBaseUrl).toBe('/api');
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
