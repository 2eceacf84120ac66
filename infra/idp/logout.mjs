// Auth0's logout route for the dashboard's "Log out".

/**
 * @param {{ provider: import('oidc-provider').default, publicOrigin: string }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 */
export function logoutHandler({ provider, publicOrigin }) {
  const sessionCookie = { httpOnly: true, sameSite: 'lax', signed: true, path: '/' };

  /** Auth0's /v2/logout: ends the session, then goes back to returnTo on the product's origin. */
  async function logout(req, res, url) {
    const returnTo = url.searchParams.get('returnTo') ?? publicOrigin;
    let target;
    try {
      target = new URL(returnTo);
    } catch {
      target = undefined;
    }
    if (!target || target.origin !== publicOrigin) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'returnTo must be on the product origin.' }),
      );
    }
    const ctx = provider.createContext(req, res);
    const session = await provider.Session.get(ctx);
    if (session.authorizations) {
      for (const { grantId } of Object.values(session.authorizations)) {
        if (!grantId) continue;
        const grant = await provider.Grant.find(grantId);
        if (grant) await grant.destroy();
      }
    }
    if (session.exp) await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, sessionCookie);
    res.statusCode = 302;
    res.setHeader('location', target.href);
    res.setHeader('cache-control', 'no-store');
    res.end();
  }

  return logout;
}
