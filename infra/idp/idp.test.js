// The identity provider, driven like a browser would (redirects and cookies by hand): log in with PKCE,
// JWT access token for the API audience, refresh, sign up, logout; and its Management API, called by the
// auth0 SDK's ManagementClient.
const { execFile, spawn } = require('node:child_process');
const { freePorts } = require('../testing.js');
const { createHash, randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { localCertificate } = require('./local-tls.js');
const { createRemoteJWKSet, jwtVerify, decodeJwt } = require('jose');
const pg = require('pg');
const { createTestDatabase } = require('../test-database');

jest.setTimeout(60_000);

const AUDIENCE = 'https://api.sniff.dev';
const MGMT = { clientId: 'billing-m2m', clientSecret: randomBytes(24).toString('hex') };
/** the IdP's self-signed certificate (its port also speaks HTTPS) */
let tlsDir;
let tls;
let db;
let idp;
let base;
let output = '';
/** A stand-in of the product's origin, where the IdP sends the browser back (and a page that frames the IdP). */
let product;
let PUBLIC_URL;

const freePort = async () => (await freePorts(1))[0];

let port;
/** @param {Record<string, string>} env more environment for the IdP */
async function startIdp(env = {}) {
  output = '';
  idp = spawn(process.execPath, [join(__dirname, 'server.mjs')], {
    env: {
      ...process.env,
      IDP_PORT: String(port),
      IDP_ISSUER: `${base}/`,
      PUBLIC_URL,
      DATABASE_URL: db.url,
      IDP_TLS_CERT_FILE: tls.certFile,
      IDP_TLS_KEY_FILE: tls.keyFile,
      IDP_MGMT_CLIENT_ID: MGMT.clientId,
      IDP_MGMT_CLIENT_SECRET: MGMT.clientSecret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  idp.stdout.on('data', (d) => (output += d));
  idp.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/.well-known/openid-configuration`)).ok) break;
    } catch {
      // not listening yet
    }
    if (idp.exitCode !== null || Date.now() > deadline) throw new Error(`idp did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function stopIdp() {
  if (idp && idp.exitCode === null) {
    idp.kill('SIGTERM');
    await new Promise((r) => idp.once('exit', r));
  }
}

function startProduct() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://product');
    const page = (body) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${body}`);
    if (url.pathname === '/dashboard') return page('<h1>Dashboard</h1>');
    if (url.pathname === '/frame') return page(`<iframe src="${encodeURI(url.searchParams.get('src'))}"></iframe>`);
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  tlsDir = mkdtempSync(join(tmpdir(), 'idp-tls-'));
  tls = await localCertificate(tlsDir);
  db = await createTestDatabase();
  product = await startProduct();
  PUBLIC_URL = `http://localhost:${product.address().port}`;
  port = await freePort();
  base = `http://localhost:${port}`;
  await startIdp();
});

afterAll(async () => {
  await stopIdp();
  await db?.drop();
  await new Promise((resolve) => product?.close(resolve));
  if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
});

/** A tiny browser: cookie jar and manual redirects. */
function browser() {
  const jar = new Map();
  async function request(url, init = {}) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  /** follows redirects until a page on the IdP or a redirect leaving it */
  async function go(url, init) {
    let res = await request(url, init);
    let current = url;
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location'), current).href;
      if (!next.startsWith(base)) return { redirect: next, res };
      current = next;
      res = await request(next);
    }
    return { url: current, res, html: await res.text() };
  }
  return { request, go, jar };
}

const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

function authorizeUrl(extra = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const params = new URLSearchParams({
    client_id: 'sniff-dashboard',
    redirect_uri: `${PUBLIC_URL}/dashboard`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: AUDIENCE,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-react', version: '2.2.4' })).toString('base64'),
    ...extra,
  });
  return { url: `${base}/authorize?${params}`, verifier, state, nonce };
}

async function exchange(code, verifier) {
  const res = await fetch(`${base}/oauth/token`, {
    ...form({
      grant_type: 'authorization_code',
      client_id: 'sniff-dashboard',
      code,
      code_verifier: verifier,
      redirect_uri: `${PUBLIC_URL}/dashboard`,
    }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL, 'auth0-client': 'eyJ9' },
  });
  return { res, body: await res.json() };
}

const actionOf = (html) => /<form method="post" action="([^"]+)"/.exec(html)[1].replace(/&amp;/g, '&');

test('the demo owner logs in and gets an RS256 JWT for the API, an ID token with name and e-mail, and a refresh token', async () => {
  const b = browser();
  const auth = authorizeUrl();
  const page = await b.go(auth.url);
  expect(page.res.status).toBe(200);
  expect(page.html).toContain('E-mail');
  expect(page.html).toContain('Password');
  expect(page.html).toContain('Log in');

  const wrong = await b.go(
    new URL(actionOf(page.html), base).href,
    form({ email: 'demo@sniff.dev', password: 'nope-nope' }),
  );
  expect(wrong.html).toContain('Wrong e-mail or password.');

  const done = await b.go(
    new URL(actionOf(wrong.html), base).href,
    form({ email: 'Demo@Sniff.dev', password: 'sniff-demo' }),
  );
  expect(done.redirect).toBeDefined();
  const back = new URL(done.redirect);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/dashboard`);
  expect(back.searchParams.get('state')).toBe(auth.state);
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();

  const { res, body } = await exchange(code, auth.verifier);
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
  const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
  const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks, {
    issuer: `${base}/`,
    audience: AUDIENCE,
  });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload.sub).toBe('demo-owner');
  expect(payload['https://sniff.dev/email']).toBe('demo@sniff.dev');

  const id = await jwtVerify(body.id_token, jwks, { issuer: `${base}/`, audience: 'sniff-dashboard' });
  expect(id.payload).toMatchObject({
    sub: 'demo-owner',
    name: 'Demo Owner',
    email: 'demo@sniff.dev',
    nonce: auth.nonce,
  });
  expect(body.refresh_token).toBeTruthy();

  // Auth0-style /userinfo takes the API access token
  const info = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${body.access_token}` } });
  expect(await info.json()).toEqual({
    sub: 'demo-owner',
    name: 'Demo Owner',
    email: 'demo@sniff.dev',
    email_verified: true,
  });
  const forged = await fetch(`${base}/userinfo`, { headers: { authorization: `Bearer ${body.access_token}x` } });
  expect(forged.status).toBe(401);

  // refresh as auth0-spa-js does (scope and audience included)
  const refreshed = await fetch(
    `${base}/oauth/token`,
    form({
      grant_type: 'refresh_token',
      client_id: 'sniff-dashboard',
      refresh_token: body.refresh_token,
      scope: 'openid profile email offline_access',
      audience: AUDIENCE,
      redirect_uri: `${PUBLIC_URL}/dashboard`,
    }),
  );
  const again = await refreshed.json();
  expect(refreshed.status).toBe(200);
  const second = await jwtVerify(again.access_token, jwks, { issuer: `${base}/`, audience: AUDIENCE });
  expect(second.payload['https://sniff.dev/email']).toBe('demo@sniff.dev');

  // a second login in the same browser goes straight back with a code
  const silent = authorizeUrl();
  const straight = await b.go(silent.url);
  expect(new URL(straight.redirect).searchParams.get('code')).toBeTruthy();

  // logout: a foreign returnTo is refused, the product's is followed and ends the session
  const foreign = await b.request(
    `${base}/v2/logout?client_id=sniff-dashboard&returnTo=${encodeURIComponent('https://evil.example/')}`,
  );
  expect(foreign.status).toBe(400);
  const out = await b.request(`${base}/v2/logout?client_id=sniff-dashboard&returnTo=${encodeURIComponent(PUBLIC_URL)}`);
  expect(out.status).toBe(302);
  expect(out.headers.get('location')).toBe(`${PUBLIC_URL}/`);
  const afterLogout = await b.go(authorizeUrl().url);
  expect(afterLogout.html).toContain('Log in');
  const dead = await fetch(
    `${base}/oauth/token`,
    form({ grant_type: 'refresh_token', client_id: 'sniff-dashboard', refresh_token: again.refresh_token }),
  );
  expect(dead.status).toBe(400);
});

test('screen_hint=signup opens the sign-up form, which creates an account that gets a token', async () => {
  const b = browser();
  const auth = authorizeUrl({ screen_hint: 'signup' });
  const page = await b.go(auth.url);
  expect(page.html).toContain('Name');
  expect(page.html).toContain('Create account');
  expect(page.html).toContain('?screen=login');
  const action = new URL(actionOf(page.html), base).href;

  const short = await b.go(action, form({ name: 'Ada', email: 'ada@example.com', password: 'short' }));
  expect(short.html).toContain('Password must be at least 8 characters.');
  const taken = await b.go(action, form({ name: 'Ada', email: 'demo@sniff.dev', password: 'long enough' }));
  expect(taken.html).toContain('An account with this e-mail already exists.');
  const created = await b.go(
    action,
    form({ name: 'Ada <Lovelace>', email: 'Ada@Example.com', password: 'long enough' }),
  );
  const code = new URL(created.redirect).searchParams.get('code');
  const { body } = await exchange(code, auth.verifier);
  const claims = decodeJwt(body.access_token);
  expect(claims['https://sniff.dev/email']).toBe('ada@example.com');
  expect(claims.sub).toMatch(/^user-/);
  expect(decodeJwt(body.id_token)).toMatchObject({ name: 'Ada <Lovelace>', email: 'ada@example.com' });
});

test('a restart keeps the signing key, the browser session and the refresh tokens', async () => {
  const b = browser();
  const auth = authorizeUrl();
  const page = await b.go(auth.url);
  const done = await b.go(
    new URL(actionOf(page.html), base).href,
    form({ email: 'demo@sniff.dev', password: 'sniff-demo' }),
  );
  const { body } = await exchange(new URL(done.redirect).searchParams.get('code'), auth.verifier);

  await stopIdp();
  await startIdp();

  const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
  await expect(jwtVerify(body.access_token, jwks, { issuer: `${base}/`, audience: AUDIENCE })).resolves.toBeDefined();
  const refreshed = await fetch(
    `${base}/oauth/token`,
    form({ grant_type: 'refresh_token', client_id: 'sniff-dashboard', refresh_token: body.refresh_token }),
  );
  expect(refreshed.status).toBe(200);
  expect(decodeJwt((await refreshed.json()).access_token).sub).toBe('demo-owner');
  const again = await b.go(authorizeUrl().url);
  expect(new URL(again.redirect).searchParams.get('code')).toBeTruthy();
});

test('the product origin itself is an allowed redirect URI and logout target', async () => {
  const b = browser();
  const auth = authorizeUrl({ redirect_uri: `${PUBLIC_URL}/` });
  const page = await b.go(auth.url);
  const done = await b.go(
    new URL(actionOf(page.html), base).href,
    form({ email: 'demo@sniff.dev', password: 'sniff-demo' }),
  );
  expect(new URL(done.redirect).pathname).toBe('/');
  const out = await b.request(`${base}/v2/logout?client_id=sniff-dashboard`);
  expect(out.status).toBe(302);
  expect(out.headers.get('location')).toBe(`${PUBLIC_URL}/`);
});

test('an unknown audience or resource is invalid_target (as OAuth reports it), never a 500', async () => {
  // /authorize with a registered redirect_uri sends the error back to the product, as RFC 6749 4.1.2.1 says
  for (const extra of [{ audience: 'https://evil.example/api' }, { resource: 'https://evil.example/api' }]) {
    const res = await browser().request(authorizeUrl(extra).url);
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location'));
    expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/dashboard`);
    expect(back.searchParams.get('error')).toBe('invalid_target');
    expect(back.searchParams.get('error_description')).toBe('unknown audience https://evil.example/api');
  }
  // with response_mode=form_post the provider renders the error as a 400 page posting back to the product
  const posted = await fetch(authorizeUrl({ audience: 'https://evil.example/api', response_mode: 'form_post' }).url);
  expect(posted.status).toBe(400);
  expect(await posted.text()).toContain('name="error" value="invalid_target"');
  // the token endpoint answers 400 invalid_target
  const b = browser();
  const auth = authorizeUrl();
  const page = await b.go(auth.url);
  const done = await b.go(
    new URL(actionOf(page.html), base).href,
    form({ email: 'demo@sniff.dev', password: 'sniff-demo' }),
  );
  const code = new URL(done.redirect).searchParams.get('code');
  const exchanged = await fetch(
    `${base}/oauth/token`,
    form({
      grant_type: 'authorization_code',
      client_id: 'sniff-dashboard',
      code,
      code_verifier: auth.verifier,
      redirect_uri: `${PUBLIC_URL}/dashboard`,
      resource: 'https://evil.example/api',
    }),
  );
  expect(exchanged.status).toBe(400);
  expect((await exchanged.json()).error).toBe('invalid_target');
  expect(output).not.toContain('server_error');
});

/** Opens the sign-in form of a fresh authorization request; returns the browser and both form actions. */
async function openForms() {
  const b = browser();
  const page = await b.go(authorizeUrl().url);
  const login = new URL(actionOf(page.html), base).href;
  return { b, page, login, signup: login.replace(/\/login$/, '/signup') };
}

/** Sends `headers` and `chunk` but never ends the body; resolves with the status if an answer comes first. */
function answerBeforeBodyEnds(url, headers, chunk) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers });
    req.on('response', (res) => {
      resolve(res.statusCode);
      req.destroy();
    });
    req.on('error', reject);
    req.write(chunk);
  });
}

test('a login or sign-up form over 64 KB is answered 413 with the form, without waiting for the rest', async () => {
  const { b, login, signup } = await openForms();
  const big = await b.go(login, form({ email: 'demo@sniff.dev', password: 'x'.repeat(70 * 1024) }));
  expect(big.res.status).toBe(413);
  expect(big.html).toContain('The form is too large.');
  expect(big.html).toContain('Log in');
  const bigSignup = await b.go(
    signup,
    form({ name: 'n'.repeat(70 * 1024), email: 'big@example.com', password: 'x'.repeat(9) }),
  );
  expect(bigSignup.res.status).toBe(413);
  expect(bigSignup.html).toContain('The form is too large.');
  expect(bigSignup.html).toContain('Create account');

  // a client announcing 10 MB, or streaming without a length, has its answer after 100 KB
  const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const chunk = `password=${'x'.repeat(100 * 1024)}`;
  const type = 'application/x-www-form-urlencoded';
  expect(await answerBeforeBodyEnds(login, { cookie, 'content-type': type, 'content-length': 10 << 20 }, chunk)).toBe(
    413,
  );
  expect(
    await answerBeforeBodyEnds(login, { cookie, 'content-type': type, 'transfer-encoding': 'chunked' }, chunk),
  ).toBe(413);

  // the same sign-in goes on normally
  const done = await b.go(login, form({ email: 'demo@sniff.dev', password: 'sniff-demo' }));
  expect(new URL(done.redirect).searchParams.get('code')).toBeTruthy();
  expect(output).not.toContain('idp error');
});

test('a control character or an overlong value in the e-mail, name or password is a 400 with the form; nothing is created', async () => {
  const { b, login, signup } = await openForms();
  const cases = [
    [{ email: 'demo@sniff.dev\u0000', password: 'sniff-demo' }, 'Please enter a valid e-mail address.'],
    [{ email: 'demo\u001b@sniff.dev', password: 'sniff-demo' }, 'Please enter a valid e-mail address.'],
    [
      { email: 'demo@sniff.dev', password: 'sniff-demo\u0000' },
      'The password contains characters that are not allowed.',
    ],
  ];
  for (const [fields, message] of cases) {
    const page = await b.go(login, form(fields));
    expect(page.res.status).toBe(400);
    expect(page.html).toContain(message);
    expect(page.html).toContain('Log in');
  }

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const accounts = async () => Number((await client.query('SELECT count(*) FROM idp.accounts')).rows[0].count);
  try {
    const before = await accounts();
    const long = randomBytes(3000).toString('hex');
    const signups = [
      [
        { name: 'Eve\u0000', email: 'eve@example.com', password: 'long enough' },
        'The name contains characters that are not allowed.',
      ],
      [
        { name: 'Eve\u0085', email: 'eve@example.com', password: 'long enough' },
        'The name contains characters that are not allowed.',
      ],
      [
        { name: 'Eve', email: 'eve\u0000@example.com', password: 'long enough' },
        'Please enter a valid e-mail address.',
      ],
      [
        { name: 'Eve', email: 'eve@example.com', password: 'long\u0007enough' },
        'The password contains characters that are not allowed.',
      ],
      [{ name: 'Eve', email: `${long}@example.com`, password: 'long enough' }, 'Please enter a valid e-mail address.'],
      [{ name: long, email: 'eve@example.com', password: 'long enough' }, 'The name must be at most 200 characters.'],
    ];
    for (const [fields, message] of signups) {
      const page = await b.go(signup, form(fields));
      expect(page.res.status).toBe(400);
      expect(page.html).toContain(message);
      expect(page.html).toContain('Create account');
    }
    expect(await accounts()).toBe(before);
  } finally {
    await client.end();
  }
  expect(output).not.toContain('idp error');
});

/** An /authorize URL of a fresh request with `name` set to `value` exactly as written (percent-encoded). */
function authorizeWith(name, value) {
  const { url } = authorizeUrl();
  const pattern = new RegExp(`([?&])${name}=[^&]*`);
  return pattern.test(url) ? url.replace(pattern, `$1${name}=${value}`) : `${url}&${name}=${value}`;
}

test('a NUL, an encoded lone surrogate or bytes that are not UTF-8, in any query or form parameter of any route, are a 400 invalid_request, never a 500', async () => {
  const html = { headers: { accept: 'text/html' }, redirect: 'manual' };
  const refused = (name) => `${name} must be UTF-8 text without NUL characters`;
  // /authorize: the parameters oidc-provider stores with the interaction (a NUL there was a 500), others,
  // and names; a browser gets the error page, another client oidc-provider's JSON error
  const values = ['a%00b', '%00', '%ED%A0%80', '%ED%B0%80', '%FF', '%C0%AF', '%E2%82', '%zz'];
  for (const name of ['state', 'nonce', 'login_hint', 'ui_locales', 'screen_hint', 'prompt', 'audience', 'unknown']) {
    for (const value of values) {
      const page = await fetch(authorizeWith(name, value), html);
      expect([name, value, page.status, page.headers.get('content-type')]).toEqual([
        name,
        value,
        400,
        'text/html; charset=utf-8',
      ]);
      expect(await page.text()).toContain(refused(name));
      const json = await fetch(authorizeWith(name, value), { redirect: 'manual' });
      expect([json.status, await json.json()]).toEqual([
        400,
        { error: 'invalid_request', error_description: refused(name) },
      ]);
    }
  }
  expect((await fetch(authorizeWith('x%00', '1'), html)).status).toBe(400);

  // form bodies of oidc-provider's routes: a NUL in a token request's code or client_id was a 500
  const post = (path, body, headers = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
  const tokenRequest = 'grant_type=authorization_code&redirect_uri=x&code_verifier=x';
  for (const [path, body, name] of [
    ['/oauth/token', `${tokenRequest}&client_id=sniff-dashboard&code=a%00b`, 'code'],
    ['/oauth/token', `${tokenRequest}&client_id=sniff%00&code=abc`, 'client_id'],
    ['/oauth/token', 'grant_type=refresh_token&client_id=sniff-dashboard&refresh_token=%ED%A0%80', 'refresh_token'],
    ['/oauth/revoke', 'client_id=sniff-dashboard&token=a%00b', 'token'],
    ['/oauth/token', `${tokenRequest}&client_id=sniff-dashboard&code=abc&x%FF=1`, 'x%FF'],
  ]) {
    const res = await post(path, body);
    expect([path, res.status, await res.json()]).toEqual([
      path,
      400,
      { error: 'invalid_request', error_description: refused(name) },
    ]);
  }
  const signOut = await post('/oidc/logout/confirm', 'xsrf=%00&logout=yes', html.headers);
  expect([signOut.status, await signOut.text()]).toEqual([400, expect.stringContaining(refused('xsrf'))]);
  // a body that is not UTF-8 at all, bytes as sent
  const bytes = await post('/oauth/token', Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x3d, 0xff]));
  expect(bytes.status).toBe(400);

  // the IdP's own routes: the sign-in pages and forms (the form is shown again), logout, userinfo, Management API
  const { b, login } = await openForms();
  const screen = await b.go(`${login.replace(/\/login$/, '')}?screen=%00`);
  expect([screen.res.status, screen.html]).toEqual([400, expect.stringContaining(refused('screen'))]);
  for (const body of ['email=demo%40sniff.dev&password=%ED%A0%80', 'email=demo%40sniff.dev&password=x&extra=%00']) {
    const page = await b.go(login, { ...form({}), body });
    expect(page.res.status).toBe(400);
    expect(page.html).toContain(refused(body.endsWith('%00') ? 'extra' : 'password'));
    expect(page.html).toContain('Log in');
  }
  const logout = await fetch(`${base}/v2/logout?returnTo=%00`);
  expect([logout.status, (await logout.json()).error_description]).toEqual([400, refused('returnTo')]);
  expect((await fetch(`${base}/userinfo?x=%FF`)).status).toBe(400);
  const api = await fetch(`${base}/api/v2/users/demo-owner?fields=%00`);
  expect([api.status, await api.json()]).toEqual([
    400,
    { statusCode: 400, error: 'Bad Request', message: refused('fields') },
  ]);

  // clean text, non-ASCII included, goes through as before
  const cafe = await fetch(authorizeWith('state', 'caf%C3%A9%20%F0%9F%98%80'), { redirect: 'manual' });
  expect(cafe.status).toBe(303);
  expect(output).not.toMatch(/server_error|idp error/);
});

test('every answer says X-Content-Type-Options: nosniff: pages, JSON, redirects, errors', async () => {
  const { b, page, login } = await openForms();
  const answers = {
    signInPage: page.res,
    wrongPassword: (await b.go(login, form({ email: 'demo@sniff.dev', password: 'wrong' }))).res,
    redirect: await fetch(authorizeUrl().url, { redirect: 'manual' }),
    discovery: await fetch(`${base}/.well-known/openid-configuration`),
    jwks: await fetch(`${base}/.well-known/jwks.json`),
    tokenError: await fetch(`${base}/oauth/token`, form({ grant_type: 'nope' })),
    providerErrorPage: await fetch(`${base}/authorize`, { headers: { accept: 'text/html' } }),
    notFound: await fetch(`${base}/no-such-page`),
    refusedParameter: await fetch(authorizeWith('state', '%00')),
    userinfo: await fetch(`${base}/userinfo`),
    managementApi: await fetch(`${base}/api/v2/users/demo-owner`),
    logout: await fetch(`${base}/v2/logout?returnTo=https://evil.example/`),
    health: await fetch(`${base}/healthz`),
  };
  const missing = Object.entries(answers)
    .filter(([, res]) => res.headers.get('x-content-type-options') !== 'nosniff')
    .map(([name, res]) => `${name} (${res.status})`);
  expect(missing).toEqual([]);
});

/** The page's policy allows exactly its own inline styles and scripts (by hash), forms to the IdP and the product, no framing. */
function expectPageSecurity({ res, html }) {
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  const policy = Object.fromEntries(
    res.headers
      .get('content-security-policy')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(policy['default-src']).toEqual(["'none'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'", base, PUBLIC_URL]);
  const inline = (tag) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(
      ([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    );
  for (const [directive, tag] of [
    ['style-src', 'style'],
    ['script-src', 'script'],
  ]) {
    for (const hash of inline(tag)) expect(policy[directive]).toContain(hash);
    for (const source of policy[directive]) expect(source).toMatch(/^'(none|sha256-[A-Za-z0-9+/]+=*)'$/);
    if (policy[directive].length > 1) expect(policy[directive]).not.toContain("'none'");
  }
  expect(html).not.toMatch(/ style=|<link|<script src/);
}

test("every page the IdP renders, its own and oidc-provider's, has the CSP and cannot be framed", async () => {
  const { b, page, login } = await openForms();
  const pages = { login: page };
  pages.signup = await b.go(login.replace(/\/login$/, '?screen=signup'));
  expect(pages.signup.html).toContain('Create account');
  pages.wrongPassword = await b.go(login, form({ email: 'demo@sniff.dev', password: 'wrong' }));
  expect(pages.wrongPassword.res.status).toBe(401);
  pages.invalidForm = await b.go(login, form({ email: 'demo\u0000', password: 'x' }));
  expect(pages.invalidForm.res.status).toBe(400);
  pages.tooLarge = await b.go(login, form({ email: 'demo@sniff.dev', password: 'x'.repeat(70 * 1024) }));
  expect(pages.tooLarge.res.status).toBe(413);
  pages.notFound = await b.go(login.replace(/\/login$/, '/elsewhere'));
  expect(pages.notFound.res.status).toBe(404);
  pages.expired = await browser().go(`${base}/interaction/unknown`);
  expect(pages.expired.html).toContain('This sign-in link has expired.');
  // oidc-provider's pages: its error page (renderError), form_post (inline script), sign-out and signed-out
  pages.providerError = await browser().go(`${base}/authorize`);
  expect(pages.providerError.res.status).toBe(400);
  pages.formPostError = await browser().go(
    authorizeUrl({ audience: 'https://evil.example/', response_mode: 'form_post' }).url,
  );
  expect(pages.formPostError.html).toContain('invalid_target');
  expect((await b.go(login, form({ email: 'demo@sniff.dev', password: 'sniff-demo' }))).redirect).toBeDefined();
  pages.formPost = await b.go(authorizeUrl({ response_mode: 'form_post' }).url);
  expect(pages.formPost.html).toContain('name="code"');
  expect(pages.formPost.html).toContain('<script>');
  pages.signOut = await b.go(`${base}/oidc/logout`);
  expect(pages.signOut.html).toContain('Yes, sign me out');
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(pages.signOut.html)[1];
  pages.signedOut = await b.go(`${base}/oidc/logout/confirm`, form({ xsrf, logout: 'yes' }));
  expect(pages.signedOut.url).toBe(`${base}/oidc/logout/success`);
  expect(pages.signedOut.html).toContain('Signed out');

  for (const [name, rendered] of Object.entries(pages)) {
    try {
      expectPageSecurity(rendered);
    } catch (error) {
      error.message = `${name} page: ${error.message}`;
      throw error;
    }
  }
});

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

test('in Chromium the sign-in page keeps within its CSP, the sign-in reaches the product, and the form cannot be framed', async () => {
  const { chromium } = require('playwright-core');
  const chrome = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await chrome.newPage();
    const refused = [];
    page.on('console', (message) => {
      if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(authorizeUrl().url);
    // the hashed style applies
    expect(
      await page
        .getByRole('button', { name: 'Log in' })
        .evaluate((el) => el.ownerDocument.defaultView.getComputedStyle(el).backgroundColor),
    ).toBe('rgb(79, 70, 229)');
    await page.getByLabel('E-mail').fill('demo@sniff.dev');
    await page.getByLabel('Password').fill('sniff-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    // the form post, then /authorize, then the product: form-action allows the whole chain
    await page.waitForURL((url) => url.href.startsWith(`${PUBLIC_URL}/dashboard?`), { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
    // oidc-provider's form_post page posts the code with its inline script (allowed by its hash)
    await page.goto(authorizeUrl({ response_mode: 'form_post' }).url);
    await page.waitForURL(`${PUBLIC_URL}/dashboard`, { timeout: 10_000 });
    expect(refused).toEqual([]);

    // a page of another origin framing the sign-in form gets nothing
    const framing = await (await chrome.newContext()).newPage();
    const frameRefused = framing.waitForEvent('console', {
      predicate: (message) => /frame-ancestors/.test(message.text()),
      timeout: 10_000,
    });
    await framing.goto(`${PUBLIC_URL}/frame?src=${encodeURIComponent(authorizeUrl().url)}`);
    await frameRefused;
    const frame = framing.frames()[1];
    expect(await frame.locator('input[type=password]').count()).toBe(0);
  } finally {
    await chrome.close();
  }
});

describe('Management API (what Delete Account uses)', () => {
  const run = promisify(execFile);
  /** Calls the real auth0 ManagementClient (in its own process, trusting the IdP's certificate) against the IdP's port. */
  async function management(calls, options = {}) {
    const { stdout } = await run(
      process.execPath,
      [
        join(__dirname, 'testing', 'auth0-management.js'),
        JSON.stringify({ domain: `localhost:${port}`, ...MGMT, ...options, calls }),
      ],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: tls.certFile }, timeout: 30_000 },
    );
    return JSON.parse(stdout);
  }
  const mgmtAudience = () => `https://localhost:${port}/api/v2/`;

  /** A client_credentials token as the SDK asks for one (form body, client_secret_post, audience). */
  async function clientCredentials(fields = {}) {
    const res = await fetch(
      `${base}/oauth/token`,
      form({
        grant_type: 'client_credentials',
        client_id: MGMT.clientId,
        client_secret: MGMT.clientSecret,
        audience: mgmtAudience(),
        ...fields,
      }),
    );
    return { res, body: await res.json() };
  }
  const users = (id, init = {}) => fetch(`${base}/api/v2/users/${encodeURIComponent(id)}`, init);
  const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });

  /** Signs up a new owner in a browser; returns the browser, the account and its tokens. */
  async function newOwner(email = `owner-${randomBytes(4).toString('hex')}@example.com`) {
    const b = browser();
    const auth = authorizeUrl({ screen_hint: 'signup' });
    const page = await b.go(auth.url);
    const password = 'a long password';
    const done = await b.go(new URL(actionOf(page.html), base).href, form({ name: 'Owner', email, password }));
    const { body } = await exchange(new URL(done.redirect).searchParams.get('code'), auth.verifier);
    return { b, email, password, id: decodeJwt(body.access_token).sub, tokens: body };
  }

  test('the M2M client gets an RS256 JWT for the Management API with read:users and delete:users, and nothing else', async () => {
    const { res, body } = await clientCredentials();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'read:users delete:users' });
    expect(body.refresh_token).toBeUndefined();
    const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(body.access_token, jwks, { issuer: `${base}/`, audience: mgmtAudience() });
    expect(payload).toMatchObject({ client_id: MGMT.clientId, scope: 'read:users delete:users' });

    // a narrower scope when asked; the product's API audience, a wrong secret or an unknown audience are refused
    expect((await clientCredentials({ scope: 'read:users' })).body.scope).toBe('read:users');
    const api = await clientCredentials({ audience: AUDIENCE });
    expect(api.res.status).toBe(400);
    expect(api.body.error).toBe('invalid_target');
    const secret = await clientCredentials({ client_secret: 'wrong' });
    expect(secret.res.status).toBe(401);
    expect(secret.body.error).toBe('invalid_client');
    expect((await clientCredentials({ audience: 'https://evil.example/api/v2/' })).body.error).toBe('invalid_target');
    // the dashboard (a public client) may not use client_credentials, nor get a token for the Management API
    const dashboard = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'client_credentials', client_id: 'sniff-dashboard', audience: mgmtAudience() }),
    );
    expect(dashboard.status).toBe(400);
    const b = browser();
    const denied = await b.request(authorizeUrl({ audience: mgmtAudience() }).url);
    expect(new URL(denied.headers.get('location')).searchParams.get('error')).toBe('invalid_target');

    // the management token opens neither /userinfo nor (by its audience) the product's API
    expect((await fetch(`${base}/userinfo`, bearer(body.access_token))).status).toBe(401);
    expect(decodeJwt(body.access_token).aud).not.toContain(AUDIENCE);
    expect(output).not.toContain('server_error');
  });

  test('ManagementClient reads and deletes an owner: the account can no longer sign in, refresh or use its session', async () => {
    const owner = await newOwner();
    const [got, unknown, deleted, gone, again] = await management([
      { op: 'get', id: owner.id },
      { op: 'get', id: 'user-does-not-exist' },
      { op: 'delete', id: owner.id },
      { op: 'get', id: owner.id },
      { op: 'delete', id: owner.id },
    ]);
    expect(got.value).toMatchObject({
      user_id: owner.id,
      email: owner.email,
      email_verified: true,
      name: 'Owner',
      identities: [{ provider: 'auth0', connection: 'Username-Password-Authentication', user_id: owner.id }],
    });
    expect(Date.now() - Date.parse(got.value.created_at)).toBeLessThan(5 * 60_000);
    const notFound = {
      name: 'NotFoundError',
      statusCode: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'The user does not exist.', errorCode: 'inexistent_user' },
    };
    expect(unknown.error).toEqual(notFound);
    expect(deleted).toEqual({ value: null });
    expect(gone.error).toEqual(notFound);
    // Auth0 answers 204 for a user that is not there (any more)
    expect(again).toEqual({ value: null });
    expect(output).toContain(`deleted account ${owner.id}`);

    // the password no longer signs in, the refresh token is dead, the browser session is gone
    const { b, login } = await openForms();
    const signIn = await b.go(login, form({ email: owner.email, password: owner.password }));
    expect(signIn.res.status).toBe(401);
    expect(signIn.html).toContain('Wrong e-mail or password.');
    const refresh = await fetch(
      `${base}/oauth/token`,
      form({ grant_type: 'refresh_token', client_id: 'sniff-dashboard', refresh_token: owner.tokens.refresh_token }),
    );
    expect(refresh.status).toBe(400);
    expect((await refresh.json()).error).toBe('invalid_grant');
    const sameBrowser = await owner.b.go(authorizeUrl().url);
    expect(sameBrowser.html).toContain('Log in');
    expect((await fetch(`${base}/userinfo`, bearer(owner.tokens.access_token))).status).toBe(401);
    // nothing of it is left in the store
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const left = await client.query(
        `SELECT model FROM idp.oidc_models WHERE payload->>'accountId' = $1 OR payload#>>'{session,accountId}' = $1`,
        [owner.id],
      );
      expect(left.rows).toEqual([]);
    } finally {
      await client.end();
    }
    // the e-mail is free again, and signing up with it makes a new subject: Sniff revokes a deleted
    // account by its subject for good (Auth0 too gives a new user_id to a new sign-up)
    const reborn = await newOwner(owner.email);
    expect(reborn.id).toMatch(/^user-/);
    expect(reborn.id).not.toBe(owner.id);
  });

  test('ManagementClient with a wrong secret is refused at the token endpoint', async () => {
    const [refused] = await management([{ op: 'get', id: 'demo-owner' }], { clientSecret: 'not-the-secret' });
    expect(refused.error).toMatchObject({ name: 'AuthApiError', statusCode: 401 });
    expect(JSON.parse(refused.error.body).error).toBe('invalid_client');
  });

  test("no token, a user's token, a bad token or a missing scope: Auth0's 401 / 403 bodies; bad ids are 404", async () => {
    const missing = await users('demo-owner');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing authentication' });

    // the dashboard's access token (the product's API audience) is not a management token
    const owner = await newOwner();
    for (const method of ['GET', 'DELETE']) {
      const res = await users(owner.id, { method, ...bearer(owner.tokens.access_token) });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        message: `Bad audience: ${AUDIENCE}`,
      });
    }
    // the same through the SDK, given the user's token: refused, and the owner is still there
    const [viaSdk, stillThere] = await management(
      [
        { op: 'delete', id: owner.id },
        { op: 'get', id: owner.id },
      ],
      { token: owner.tokens.access_token },
    );
    expect(viaSdk.error).toMatchObject({ name: 'UnauthorizedError', statusCode: 401 });
    expect(stillThere.error.body.message).toBe(`Bad audience: ${AUDIENCE}`);
    const { body } = await clientCredentials();
    const forged = await users(owner.id, bearer(`${body.access_token.slice(0, -4)}AAAA`));
    expect(forged.status).toBe(401);
    expect((await forged.json()).message).toBe('Invalid token');
    const basic = await users(owner.id, { headers: { authorization: `Basic ${body.access_token}` } });
    expect(basic.status).toBe(400);

    const readOnly = (await clientCredentials({ scope: 'read:users' })).body.access_token;
    const refused = await users(owner.id, { method: 'DELETE', ...bearer(readOnly) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Insufficient scope, expected any of: delete:users',
      errorCode: 'insufficient_scope',
    });
    // the owner is still there, readable with that token
    const still = await users(owner.id, bearer(readOnly));
    expect(still.status).toBe(200);
    expect((await still.json()).email).toBe(owner.email);

    for (const id of ['nobody', "x' OR '1'='1", 'a'.repeat(3000), 'auth0|abc']) {
      const res = await users(id, bearer(body.access_token));
      expect(res.status).toBe(404);
      expect((await res.json()).errorCode).toBe('inexistent_user');
    }
    const malformed = await fetch(`${base}/api/v2/users/%E0%A4%A`, bearer(body.access_token));
    expect(malformed.status).toBe(400);
    expect((await fetch(`${base}/api/v2/clients`, bearer(body.access_token))).status).toBe(404);
    expect(output).not.toContain('idp error');
  });

  test('X-RateLimit-* headers on every answer; over the limit, 429 until the reset', async () => {
    await stopIdp();
    await startIdp({ IDP_MGMT_RATE_LIMIT: '3' });
    try {
      const { body } = await clientCredentials();
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await users('demo-owner', bearer(body.access_token)));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((res) => res.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
      for (const res of answers) {
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        const reset = Number(res.headers.get('x-ratelimit-reset'));
        expect(reset * 1000).toBeGreaterThan(Date.now());
        expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
      }
      expect(await answers[3].json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Global limit has been reached',
        errorCode: 'too_many_requests',
      });
      // nothing is deleted over the limit
      expect((await users('demo-owner', { method: 'DELETE', ...bearer(body.access_token) })).status).toBe(429);
    } finally {
      await stopIdp();
      await startIdp();
    }
    expect((await fetch(`${base}/userinfo`)).status).toBe(401);
  });
});

describe('sign-in throttle (a fresh IdP per test: the counters live in its memory)', () => {
  beforeEach(async () => {
    await stopIdp();
    await startIdp({ IDP_SIGNIN_BLOCK_SECONDS: '2' });
  });
  afterAll(async () => {
    await stopIdp();
    await startIdp();
  });

  const wait = (seconds) => new Promise((r) => setTimeout(r, seconds * 1000 + 150));
  const demo = (password) => form({ email: 'demo@sniff.dev', password });

  test('5 wrong passwords block the e-mail, even for the right password, longer each time; a sign-in after the wait works', async () => {
    const { b, login } = await openForms();
    for (let i = 0; i < 5; i += 1) expect((await b.go(login, demo(`wrong-${i}`))).res.status).toBe(401);
    // refused before the password is checked: the right one is refused too
    const blocked = await b.go(login, demo('sniff-demo'));
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toBe('2');
    expect(blocked.html).toContain('Too many sign-in attempts. Try again in 2 seconds.');
    expect(blocked.html).toContain('Log in');
    expectPageSecurity(blocked);
    // another e-mail from the same address is not blocked
    expect((await b.go(login, form({ email: 'someone@example.com', password: 'wrong' }))).res.status).toBe(401);

    await wait(2);
    for (let i = 0; i < 5; i += 1) expect((await b.go(login, demo(`wrong-${i}`))).res.status).toBe(401);
    const longer = await b.go(login, demo('sniff-demo'));
    expect(longer.res.status).toBe(429);
    expect(longer.res.headers.get('retry-after')).toBe('4');
    expect(longer.html).toContain('Try again in 4 seconds.');

    await wait(4);
    const done = await b.go(login, demo('sniff-demo'));
    expect(new URL(done.redirect).searchParams.get('code')).toBeTruthy();
  });

  test('a successful sign-in resets the count of wrong passwords; 30 in parallel pass at most 5 to the password check', async () => {
    const first = await openForms();
    for (let i = 0; i < 4; i += 1) expect((await first.b.go(first.login, demo(`wrong-${i}`))).res.status).toBe(401);
    expect((await first.b.go(first.login, demo('sniff-demo'))).redirect).toBeDefined();
    const second = await openForms();
    for (let i = 0; i < 5; i += 1) expect((await second.b.go(second.login, demo(`wrong-${i}`))).res.status).toBe(401);
    expect((await second.b.go(second.login, demo('sniff-demo'))).res.status).toBe(429);

    await wait(2);
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => second.b.go(second.login, demo(`burst-${i}`)).then((r) => r.res.status)),
    );
    expect(burst.filter((status) => status === 401)).toHaveLength(5);
    expect(burst.filter((status) => status === 429)).toHaveLength(25);
  });

  test('30 wrong passwords from one address, over any e-mails, block that address for every e-mail', async () => {
    const { b, login } = await openForms();
    for (let i = 0; i < 30; i += 1) {
      const attempt = await b.go(login, form({ email: `user${Math.floor(i / 5)}@example.com`, password: 'wrong' }));
      expect(attempt.res.status).toBe(401);
    }
    const blocked = await b.go(login, demo('sniff-demo'));
    expect(blocked.res.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(blocked.html).toContain('Too many sign-in attempts. Try again in');
  });

  test('10 sign-ups from one address per hour, then 429 with the sign-up form', async () => {
    const { b, signup } = await openForms();
    const taken = form({ name: 'Mallory', email: 'demo@sniff.dev', password: 'long enough' });
    for (let i = 0; i < 10; i += 1) {
      const attempt = await b.go(signup, taken);
      expect(attempt.html).toContain('An account with this e-mail already exists.');
    }
    const refused = await b.go(
      signup,
      form({ name: 'Mallory', email: 'mallory@example.com', password: 'long enough' }),
    );
    expect(refused.res.status).toBe(429);
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(refused.html).toContain('Too many sign-ups from this address. Try again in');
    expect(refused.html).toContain('Create account');
  });
});
