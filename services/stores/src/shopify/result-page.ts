import { createHash } from 'node:crypto';
import type { ShopifyOauthMessage } from '@sniff/contracts';

/**
 * The page Shopify's callback ends on. In the popup it posts the result to the wizard (target: the
 * dashboard's origin only) and closes; opened without an opener (popups blocked, the owner was sent
 * over) it goes to the wizard with the result as query parameters, unless the page is to stay (a
 * link opened in a browser that did not ask for it). The script is constant, so the
 * page's policy allows exactly it by hash; the result travels as JSON data, never as markup.
 */
const SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('result').textContent);
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(data.message, data.origin);
    window.close();
  } else if (data.redirect) {
    window.location.replace(data.fallback);
  }
})();`;
const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');

export const RESULT_PAGE_POLICY = `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON that cannot end its <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');

/** The wizard's address with the result, for the redirect flow (section 4). */
export function fallbackUrl(
  publicUrl: string,
  message: ShopifyOauthMessage,
  form?: { store_name: string; store_url: string },
): string {
  const url = new URL('/dashboard/create-store', publicUrl);
  if (message.success) {
    url.searchParams.set('oauth_success', 'true');
    url.searchParams.set('store_id', message.store_id);
    url.searchParams.set('platform', 'shopify');
    url.searchParams.set(
      'form_data',
      JSON.stringify(form ?? { store_name: '', store_url: message.store_url_from_callback }),
    );
  } else {
    url.searchParams.set('oauth_error', message.error);
  }
  return url.href;
}

export function resultPage(
  publicUrl: string,
  message: ShopifyOauthMessage,
  form?: { store_name: string; store_url: string },
  redirect = true,
): string {
  const origin = new URL(publicUrl).origin;
  const text = message.success
    ? 'Your Shopify store is connected. You can close this window.'
    : `Shopify connection failed: ${message.error}`;
  const data = { message, origin, fallback: fallbackUrl(publicUrl, message, form), redirect };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${message.success ? 'Shopify connected' : 'Shopify connection failed'} · Sniff</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5">
<p role="status">${escapeHtml(text)}</p>
<p><a href="${escapeHtml(data.fallback)}">Continue in Sniff</a></p>
<script type="application/json" id="result">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body></html>`;
}
