/** The unsubscribe pages: no script, no outside resource; the confirm form posts to the same address. */
export const UNSUBSCRIBE_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type UnsubscribePage = 'confirm' | 'done' | 'invalid' | 'expired';

/** Status and words of each page. */
const PAGES: Record<UnsubscribePage, { status: number; title: string; text: string }> = {
  confirm: {
    status: 200,
    title: 'Stop the weekly zero-result e-mails?',
    text: 'You will no longer get the weekly list of searches that found nothing on this search widget. You can turn it on again on the Analytics page of your dashboard.',
  },
  done: {
    status: 200,
    title: 'You are unsubscribed',
    text: 'Weekly zero-result e-mails for this search widget are off. You can turn them on again on the Analytics page of your dashboard.',
  },
  invalid: {
    status: 400,
    title: 'This unsubscribe link is not valid',
    text: 'The link is incomplete or was changed. Use the link in the e-mail as it is, or turn the alerts off on the Analytics page of your dashboard.',
  },
  expired: {
    status: 410,
    title: 'This unsubscribe link has expired',
    text: 'Links in the e-mails work for 90 days. Use the link in a newer e-mail, or turn the alerts off on the Analytics page of your dashboard.',
  },
};

/** A page of the unsubscribe flow, in the visitor's light or dark scheme, readable at any width. */
export function unsubscribePage(
  kind: UnsubscribePage,
  publicUrl: string,
  token?: string,
): { status: number; html: string } {
  const page = PAGES[kind];
  const form =
    kind === 'confirm' && token
      ? `<form method="post" action="/alerts/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Unsubscribe</button></form>`
      : '';
  const dashboard = `${publicUrl}/dashboard/analytics`;
  return {
    status: page.status,
    html: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} · Sniff</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;cursor:pointer}a,button{outline-offset:2px}</style>
</head><body><main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
${form}
<p><a href="${escapeHtml(dashboard)}">Open the Analytics page</a></p>
</main></body></html>
`,
  };
}
