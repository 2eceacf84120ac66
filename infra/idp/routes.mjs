// Every request to the identity provider: parameters that are not clean text are refused first, then each
// route goes to its handler (the interaction pages, Auth0's logout, /userinfo, the Management API, health),
// the rest to oidc-provider.
import { peekForm, unsafeParameter } from './parameters.mjs';
import { errorPage } from './views.mjs';

/**
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>} Handler
 * @param {{ provider: import('oidc-provider').default, interaction: Handler, logout: Handler,
 *   userinfo: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>,
 *   managementApi: Handler, sendHtml: ReturnType<typeof import('./html.mjs').htmlSender>, log: (line: string) => void }} options
 * @returns {import('node:http').RequestListener}
 */
export function requestHandler({ provider, interaction, logout, userinfo, managementApi, sendHtml, log }) {
  const providerCallback = provider.callback();

  /**
   * A parameter that is not clean text (parameters.mjs) is refused as oidc-provider refuses a request:
   * 400 invalid_request, its error page for a browser, JSON otherwise; Auth0's error body on the
   * Management API.
   */
  function refuseParameter(req, res, name, api) {
    const description = `${name} must be UTF-8 text without NUL characters`;
    req.resume(); // the form, read and put back, is not wanted now
    const json = (body) => {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (api) return json({ statusCode: 400, error: 'Bad Request', message: description });
    if (provider.createContext(req, res).accepts('json', 'html') === 'html')
      return sendHtml(res, 400, errorPage(description));
    json({ error: 'invalid_request', error_description: description });
  }

  /** @type {import('node:http').RequestListener} */
  const handleRequest = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp');
    const api = url.pathname.startsWith('/api/v2/');
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    // the sign-in forms check their own bodies, and show the form again with the message (forms.mjs)
    const signInForm = url.pathname.startsWith('/interaction/');
    (signInForm ? Promise.resolve(undefined) : peekForm(req)).then((form) => {
      const unsafe = unsafeParameter(query) ?? unsafeParameter(form);
      if (unsafe) return refuseParameter(req, res, unsafe, api);
      route(req, res, url, api);
    });
  };

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url @param {boolean} api */
  const route = (req, res, url, api) => {
    const handle = url.pathname.startsWith('/interaction/')
      ? interaction(req, res, url)
      : url.pathname === '/v2/logout' && req.method === 'GET'
        ? logout(req, res, url)
        : url.pathname === '/userinfo'
          ? userinfo(req, res)
          : api
            ? managementApi(req, res, url)
            : url.pathname === '/healthz'
              ? Promise.resolve(res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'))
              : null;
    if (!handle) return providerCallback(req, res);
    handle.catch((error) => {
      const expired = !api && (error?.name === 'SessionNotFound' || error?.error === 'invalid_request');
      if (!expired) log(`idp error: ${error?.stack ?? error}`);
      if (res.headersSent) return res.end();
      if (api) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        return res.end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Internal error' }));
      }
      sendHtml(
        res,
        expired ? 400 : 500,
        errorPage(expired ? 'This sign-in link has expired. Please start again.' : 'Internal error.'),
      );
    });
  };
  return handleRequest;
}
