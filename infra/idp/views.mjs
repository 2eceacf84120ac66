// Server-rendered pages of the identity provider (log in, sign up, sign out, errors). All text is escaped.
import { createHash } from 'node:crypto';

/** @param {unknown} text */
export const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

// The pages' only style, allowed by its hash in the Content-Security-Policy (security-headers.mjs).
const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;width:100%;max-width:360px}
h1{font-size:1.4rem;margin:0 0 4px}p{color:#52525b}
label{display:block;font-weight:600;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d4d4d8;border-radius:8px;font-size:1rem}
button{margin-top:20px;width:100%;padding:10px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font-size:1rem;cursor:pointer}
.error{background:#fef2f2;color:#b91c1c;border-radius:8px;padding:10px;margin-top:12px}
.switch{text-align:center;margin-top:16px}
.secondary{background:#e4e4e7;color:#18181b}
`;
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

function layout(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sniff</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** @param {{ uid: string, email?: string, error?: string }} o */
export function loginPage({ uid, email = '', error }) {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  return layout(
    'Log in',
    `<h1>Log in</h1><p>Log in to continue to Sniff.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="email">E-mail</label><input id="email" name="email" type="email" value="${escapeHtml(email)}" required autofocus autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Log in</button>
</form>
<p class="switch">Don't have an account? <a href="/interaction/${escapeHtml(encodeURIComponent(uid))}?screen=signup">Sign up</a></p>`,
  );
}

/** @param {{ uid: string, email?: string, name?: string, error?: string }} o */
export function signupPage({ uid, email = '', name = '', error }) {
  const action = `/interaction/${encodeURIComponent(uid)}/signup`;
  return layout(
    'Sign up',
    `<h1>Create your account</h1><p>Start your 3-day free trial of Sniff.</p>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="name">Name</label><input id="name" name="name" type="text" value="${escapeHtml(name)}" required autofocus autocomplete="name">
<label for="email">E-mail</label><input id="email" name="email" type="email" value="${escapeHtml(email)}" required autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="new-password">
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/interaction/${escapeHtml(encodeURIComponent(uid))}?screen=login">Log in</a></p>`,
  );
}

/** @param {string} message */
export function errorPage(message) {
  return layout('Error', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}

/** oidc-provider's sign-out confirmation; `form` is its hidden form (id op.logoutForm) carrying the xsrf token */
export function logoutPage(form) {
  return layout(
    'Sign out',
    `<h1>Sign out</h1><p>Do you want to sign out of Sniff?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>
<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button>`,
  );
}

export function loggedOutPage() {
  return layout('Signed out', '<h1>Signed out</h1><p>You have been signed out of Sniff.</p>');
}

/** A throttled form's wait as an owner reads it: seconds under a minute, else minutes (rounded up), else hours. */
export function tryAgainIn(seconds) {
  const count = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return `Try again in ${count(seconds, 'second')}.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `Try again in ${count(minutes, 'minute')}.`;
  return `Try again in ${count(Math.ceil(minutes / 60), 'hour')}.`;
}
