// Signs an owner in at the local identity provider over plain HTTP, as the dashboard's SDK would in a
// browser (authorization code + PKCE, cookies and redirects by hand), for scripts that need an owner's
// access token without a browser (the chaos benchmark).
const { createHash, randomBytes } = require('node:crypto');

/**
 * @param {{ idpUrl: string, appUrl: string, audience?: string, email: string, password: string }} options
 *   idpUrl: the provider's origin; appUrl: the product's (the dashboard's redirect URI is under it)
 * @returns {Promise<{ accessToken: string, sub: string }>}
 */
async function signIn({ idpUrl, appUrl, audience = 'https://api.sniff.dev', email, password }) {
  const jar = new Map();
  const request = async (url, init = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, ...(cookie ? { cookie } : {}) },
      signal: AbortSignal.timeout(10_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  /** Follows redirects while they stay on the provider; returns its page, or where it sends the browser. */
  const go = async (url, init) => {
    let res = await request(url, init);
    let current = url;
    while (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', current).href;
      if (!next.startsWith(idpUrl)) return { redirect: next };
      current = next;
      res = await request(next);
    }
    return { url: current, html: await res.text(), status: res.status };
  };

  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${appUrl}/dashboard`;
  const params = new URLSearchParams({
    client_id: 'sniff-dashboard',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await go(`${idpUrl}/authorize?${params}`);
  const action = page.html && /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
  if (!action) throw new Error(`the provider showed no login form (${page.status ?? page.redirect})`);
  const done = await go(new URL(action.replace(/&amp;/g, '&'), idpUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const code = done.redirect && new URL(done.redirect).searchParams.get('code');
  if (!code) throw new Error(`sign-in as ${email} failed${done.html?.includes('Wrong') ? ': wrong password' : ''}`);
  const res = await fetch(`${idpUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(appUrl).origin },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'sniff-dashboard',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUri,
    }).toString(),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`the token exchange answered ${res.status}: ${JSON.stringify(body)}`);
  const sub = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString()).sub;
  return { accessToken: body.access_token, sub };
}

module.exports = { signIn };
