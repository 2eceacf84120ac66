import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { contentSecurityPolicy, inlineScriptHashes, policySources, type PageKind } from './content-security-policy';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';
const configFrom = (env: Record<string, string>) =>
  loadConfig('gateway', gatewayConfigSchema, { INTERNAL_TOKEN, LOG_LEVEL: 'error', PORT: '0', ...env });

/** A policy header as directive -> sources. */
function directives(header: string | null | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

const policyFor = (env: Record<string, string>, hashes: string[] = [], page: PageKind = 'public') =>
  directives(contentSecurityPolicy(policySources(configFrom(env)), hashes, page));

describe('Content-Security-Policy', () => {
  describe('inline script hashes', () => {
    it('hashes a script as Chromium does (the hash its console asks for)', () => {
      expect(inlineScriptHashes('<!doctype html><script>console.log(1)</script>')).toEqual([
        "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='",
      ]);
      // UTF-8, and CRLF read as LF by the HTML parser (both values are the hashes Chromium 156 asked for).
      const crlf = '<!doctype html><script>var a = "é";\r\nconsole.log(a)</script>';
      expect(inlineScriptHashes(crlf)).toEqual(["'sha256-FTt9xSIaywfhFURXQiTY4Yf6p6maqT9uTr7NCao7O3Q='"]);
    });

    it('hashes every script a browser would run, and no data block or external script', () => {
      const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      const html = `<!doctype html><html><head>
        <script>one()</script>
        <script type="text/javascript">two()</script>
        <script type="module">three()</script>
        <script type="application/ld+json">{"@type":"WebPage"}</script>
        <script src="/main.js"></script>
        <script src="/main.js">ignored()</script>
      </head><body><svg><script>four()</script></svg><p>&lt;script&gt;not(this)&lt;/script&gt;</p>
        <script>one()</script></body></html>`;
      expect(inlineScriptHashes(html).sort()).toEqual(
        [sha('one()'), sha('two()'), sha('three()'), sha('four()')].sort(),
      );
    });
  });

  describe("the dashboard's product images", () => {
    it("lets dashboard pages show the store's product images from any https host, and public pages only Sniff's own", () => {
      const https = { PUBLIC_URL: 'https://app.sniff.test', WIDGET_HOST: 'https://api.sniff.test' };
      expect(policyFor(https, [], 'dashboard').get('img-src')).toEqual(["'self'", 'data:', 'https:']);
      expect(policyFor(https, [], 'public').get('img-src')).toEqual(["'self'", 'data:']);
      // served over http (npm start): the stand-ins' product images are http too
      expect(policyFor({}, [], 'dashboard').get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
    });
  });

  describe('policy from the settings', () => {
    it('by default: own origin, the local identity provider, no inline script but by hash', () => {
      const hash = "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='";
      const policy = policyFor({}, [hash]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", 'http://localhost:8080', hash]);
      expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:8090', 'http://localhost:8080']);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      for (const [name, sources] of policy) {
        if (name.startsWith('script')) expect(sources).not.toContain("'unsafe-inline'");
        expect(sources).not.toContain("'unsafe-eval'");
      }
    });

    it('lets scripts and fetches reach remotes on a CDN, the widget host and the Auth0 tenant', () => {
      const policy = policyFor({
        PUBLIC_URL: 'https://sniff.example',
        WIDGET_HOST: 'https://widget.sniff.example/',
        AUTH_ISSUER: 'https://tenant.eu.auth0.com/',
        AUTH_DOMAIN: 'login.sniff.example',
        REMOTES_JSON: JSON.stringify({
          remotes: [
            { name: 'mfe_wizard', entry: 'https://cdn.example.net/wizard/mf-manifest.json' },
            { name: 'mfe_stores', entry: '/remotes/mfe-stores/mf-manifest.json' },
            { name: 'mfe_billing', entry: 'https://sniff.example/remotes/mfe-billing/mf-manifest.json' },
          ],
        }),
      });
      const code = ['https://widget.sniff.example', 'https://cdn.example.net'];
      expect(policy.get('script-src')).toEqual(["'self'", ...code]);
      // auth0-spa-js calls https://<AUTH_DOMAIN>/oauth/token.
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://login.sniff.example', ...code]);
      expect(policy.has('upgrade-insecure-requests')).toBe(true);
    });

    it('refuses to start with an AUTH_DOMAIN that names no origin', () => {
      expect(() => policySources(configFrom({ AUTH_DOMAIN: 'http://' }))).toThrow('AUTH_DOMAIN');
    });
  });

  describe('the payment provider (Stripe) on the dashboard', () => {
    const KEY = { STRIPE_PUBLISHABLE_KEY: 'pk_test_sniff' };
    const stripeFree = (policy: Map<string, string[]>) =>
      [...policy.values()].flat().filter((source) => /stripe|:8095/.test(source));

    it('allows nothing of Stripe while payments are off (no publishable key)', () => {
      const dashboard = policyFor({ STRIPE_JS_URL: 'http://127.0.0.1:8095/v3/stripe.js' }, [], 'dashboard');
      expect(stripeFree(dashboard)).toEqual([]);
      expect(dashboard.has('frame-src')).toBe(false);
      // the same as a public page but for the products' images
      const publicPage = policyFor({}, [], 'public');
      publicPage.set('img-src', dashboard.get('img-src')!);
      expect(dashboard).toEqual(publicPage);
    });

    it("allows Stripe's own script, its frames and its API on the dashboard, and on no public page", () => {
      const dashboard = policyFor(KEY, [], 'dashboard');
      expect(dashboard.get('script-src')).toEqual(["'self'", 'http://localhost:8080', 'https://js.stripe.com']);
      expect(dashboard.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com']);
      expect(dashboard.get('connect-src')).toEqual([
        "'self'",
        'http://localhost:8090',
        'http://localhost:8080',
        'https://api.stripe.com',
      ]);
      // Nothing else loosened.
      const without = policyFor({}, [], 'dashboard');
      for (const name of ['default-src', 'style-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors'])
        expect([name, dashboard.get(name)]).toEqual([name, without.get(name)]);
      expect(stripeFree(policyFor(KEY, [], 'public'))).toEqual([]);
    });

    it("allows only STRIPE_JS_URL's origin when the script comes from a stand-in", () => {
      const dashboard = policyFor({ ...KEY, STRIPE_JS_URL: 'http://127.0.0.1:8095/v3/stripe.js' }, [], 'dashboard');
      expect(dashboard.get('script-src')).toEqual(["'self'", 'http://localhost:8080', 'http://127.0.0.1:8095']);
      expect(dashboard.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:8095']);
      expect(dashboard.get('connect-src')).toContain('http://127.0.0.1:8095');
      expect([...dashboard.values()].flat().filter((s) => s.includes('stripe.com'))).toEqual([]);
    });

    it('sends the Stripe sources with the dashboard page only, over HTTP', async () => {
      const root = mkdtempSync(join(tmpdir(), 'sniff-csp-'));
      mkdirSync(join(root, 'shell/dist'), { recursive: true });
      writeFileSync(
        join(root, 'shell/dist/index.html'),
        '<!doctype html><title>Sniff shell</title><script>go()</script>',
      );
      const app = await createGatewayApp(configFrom({ STATIC_ROOT: root, ...KEY }));
      try {
        await app.listen(0, '127.0.0.1');
        const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
        const policyOf = async (path: string) => {
          const res = await fetch(base + path);
          expect([path, res.status]).toEqual([path, 200]);
          return directives(res.headers.get('content-security-policy'));
        };
        for (const path of ['/dashboard', '/dashboard/subscribe']) {
          expect([path, (await policyOf(path)).get('script-src')]).toEqual([
            path,
            expect.arrayContaining(['https://js.stripe.com']),
          ]);
        }
        // Without a marketing build the shell answers public paths too, with the public policy.
        for (const path of ['/', '/pricing', '/index.html'])
          expect([path, stripeFree(await policyOf(path))]).toEqual([path, []]);
      } finally {
        await app.close();
        rmSync(root, { recursive: true, force: true });
      }
    });
  });

  // The real build (npm run build): every inline script of every page the gateway serves from it
  // must be allowed by that page's own policy, counted here independently of the gateway's parser.
  const root = resolve(__dirname, '../../..');
  const built =
    existsSync(join(root, 'mfe-marketing/dist/pages.json')) && existsSync(join(root, 'shell/dist/index.html'));
  (built ? describe : describe.skip)('built pages', () => {
    let app: INestApplication;
    let url: string;

    beforeAll(async () => {
      app = await createGatewayApp(configFrom({ STATIC_ROOT: root }));
      await app.listen(0, '127.0.0.1');
      url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    });
    afterAll(() => app?.close());

    const INLINE = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
    function executableInlineScripts(html: string): string[] {
      return [...html.matchAll(INLINE)]
        .filter(([, attrs = '']) => !/\ssrc=/i.test(attrs) && !/type=["']?application\/ld\+json/i.test(attrs))
        .map(([, , text]) => text);
    }

    it('allows every inline script of every public page, the 404 page and the dashboard by its hash', async () => {
      const manifest = JSON.parse(readFileSync(join(root, 'mfe-marketing/dist/pages.json'), 'utf8')) as {
        routes: Record<string, string>;
      };
      const paths = [...Object.keys(manifest.routes), '/no-such-page', '/dashboard', '/dashboard/stores'];
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths) {
        const res = await fetch(url + path);
        expect([path, res.status]).toEqual([path, path === '/no-such-page' ? 404 : 200]);
        const scripts = executableInlineScripts(await res.text());
        // The shell's theme script and its start-up script.
        expect([path, scripts.length]).toEqual([path, 2]);
        const scriptSrc = directives(res.headers.get('content-security-policy')).get('script-src');
        for (const text of scripts) {
          const hash = `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
          expect([path, scriptSrc]).toEqual([path, expect.arrayContaining([hash])]);
        }
        expect([path, scriptSrc]).not.toEqual([path, expect.arrayContaining(["'unsafe-inline'"])]);
      }
    });
  });
});
