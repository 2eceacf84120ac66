// The interaction pages oidc-provider sends a browser to: sign in or sign up (throttled), and consent given
// on the owner's behalf for the first-party dashboard.
import { checkLoginForm, checkSignupForm, readForm, refusedBodyStatus } from './forms.mjs';
import { errorPage, loginPage, signupPage, tryAgainIn } from './views.mjs';

/**
 * @param {{ provider: import('oidc-provider').default, store: Awaited<ReturnType<typeof import('./store.mjs').openStore>>,
 *   throttle: ReturnType<typeof import('./sign-in-throttle.mjs').signInThrottle>,
 *   sendHtml: ReturnType<typeof import('./html.mjs').htmlSender>, log: (line: string) => void }} options
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => Promise<void>}
 *   the handler of /interaction/{uid}[/login|/signup]
 */
export function interactionHandler({ provider, store, throttle, sendHtml, log }) {
  const tooMany = (res, retryAfter, page) => sendHtml(res, 429, page, { 'retry-after': String(retryAfter) });
  // The IdP listens on loopback only, with no proxy in front: the socket's address is the client's.
  const clientAddress = (req) => req.socket.remoteAddress ?? 'unknown';

  /** First-party client: grant whatever the consent prompt is missing, then carry on. */
  async function autoConsent(req, res, details) {
    const { prompt, params, session, grantId } = details;
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
    const missing = prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    if (missing.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes))
        grant.addResourceScope(indicator, scopes.join(' '));
    }
    const savedId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: grantId ? {} : { grantId: savedId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function interaction(req, res, url) {
    const [, , uid, action] = url.pathname.split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return sendHtml(res, 400, errorPage('This sign-in link has expired. Please start again.'));
    if (req.method === 'GET' && !action) {
      if (details.prompt.name === 'consent') return autoConsent(req, res, details);
      const screen = url.searchParams.get('screen') ?? (details.params.screen_hint === 'signup' ? 'signup' : 'login');
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return sendHtml(
        res,
        200,
        screen === 'signup' ? signupPage({ uid, email: hint }) : loginPage({ uid, email: hint }),
      );
    }
    if (req.method === 'POST' && (action === 'login' || action === 'signup')) {
      const page = action === 'login' ? loginPage : signupPage;
      let form;
      try {
        form = await readForm(req);
      } catch (error) {
        const status = refusedBodyStatus(error);
        if (!status) throw error;
        // stop reading: the rest of a refused body is not waited for
        res.setHeader('connection', 'close');
        const message = status === 413 ? 'The form is too large.' : 'The form could not be read.';
        return sendHtml(res, status, page({ uid, error: message }));
      }
      return action === 'login' ? login(req, res, uid, form) : signup(req, res, uid, form);
    }
    return sendHtml(res, 404, errorPage('Not found.'));
  }

  const signIn = (req, res, account) =>
    provider.interactionFinished(req, res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false });

  async function login(req, res, uid, form) {
    const checked = checkLoginForm(form);
    if (!checked.ok) return sendHtml(res, 400, loginPage({ uid, ...checked.echo, error: checked.error }));
    const { email, password } = checked.value;
    const attempt = await throttle.signIn(email.toLowerCase(), clientAddress(req));
    if ('retryAfter' in attempt) {
      const error = `Too many sign-in attempts. ${tryAgainIn(attempt.retryAfter)}`;
      return tooMany(res, attempt.retryAfter, loginPage({ uid, email, error }));
    }
    const account = await store.authenticate(email, password);
    if (!account) {
      await attempt.failed();
      return sendHtml(res, 401, loginPage({ uid, email, error: 'Wrong e-mail or password.' }));
    }
    await attempt.succeeded();
    return signIn(req, res, account);
  }

  async function signup(req, res, uid, form) {
    const checked = checkSignupForm(form);
    if (!checked.ok) return sendHtml(res, 400, signupPage({ uid, ...checked.echo, error: checked.error }));
    const { email, name, password } = checked.value;
    const refused = await throttle.signUp(clientAddress(req));
    if (refused) {
      const error = `Too many sign-ups from this address. ${tryAgainIn(refused.retryAfter)}`;
      return tooMany(res, refused.retryAfter, signupPage({ uid, email, name, error }));
    }
    const account = await store.create({ email, name, password });
    if (!account)
      return sendHtml(res, 400, signupPage({ uid, email, name, error: 'An account with this e-mail already exists.' }));
    log(`idp: created account ${account.id} <${account.email}>`);
    return signIn(req, res, account);
  }

  return interaction;
}
