import { loadConfig } from '@sniff/service-kit';
import { storesConfigSchema } from './config';

const env = {
  DATABASE_URL: 'postgres://localhost/sniff',
  INTERNAL_TOKEN: 'x'.repeat(16),
  SECRETS_KEY: 'ab'.repeat(32),
};

describe('stores configuration', () => {
  it('reads FETCH_ALLOW_ORIGINS as exact origins, written as URL.origin writes them', () => {
    expect(loadConfig('stores', storesConfigSchema, env).FETCH_ALLOW_ORIGINS).toEqual([]);
    const config = loadConfig('stores', storesConfigSchema, {
      ...env,
      FETCH_ALLOW_ORIGINS: ' http://127.0.0.1:8095 , HTTP://LocalHost:8095/,https://intranet.test:443',
    });
    expect(config.FETCH_ALLOW_ORIGINS).toEqual([
      'http://127.0.0.1:8095',
      'http://localhost:8095',
      'https://intranet.test',
    ]);
  });

  it.each(['127.0.0.1', '127.0.0.1:8095', 'ftp://127.0.0.1:21', 'http://127.0.0.1:8095/admin', 'http://u:p@h.test'])(
    'refuses %s, which is not an http(s) origin, naming it',
    (value) => {
      expect(() => loadConfig('stores', storesConfigSchema, { ...env, FETCH_ALLOW_ORIGINS: value })).toThrow(
        `FETCH_ALLOW_ORIGINS.0: "${value}" is not an http(s) origin such as http://127.0.0.1:8095`,
      );
    },
  );

  it('stops on the old FETCH_ALLOW_HOSTS, which allowed every port of a host, naming its replacement', () => {
    expect(() => loadConfig('stores', storesConfigSchema, { ...env, FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(
      'FETCH_ALLOW_HOSTS: was replaced by FETCH_ALLOW_ORIGINS',
    );
  });
});
