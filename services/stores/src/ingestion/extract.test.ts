import { documentId, extractDocument, MAX_BODY_CHARS } from './extract';

describe('extractDocument', () => {
  const page = `<!doctype html><html><head>
    <title> Pricing | Acme </title>
    <meta name="description" content="Plans and   prices for Acme widgets">
    <style>.x{color:red}</style><script>var secret = "do not index";</script>
  </head><body>
    <nav><a href="/">Home</a> <a href="/about">Navigation link</a></nav>
    <h1>Pricing</h1><h2>Starter plan</h2><p>The starter plan costs <b>19 dollars</b>.</p><h3>FAQ</h3><p>Cancel any time.</p>
    <noscript>Enable JavaScript</noscript>
    <footer>Copyright Acme footer</footer>
  </body></html>`;

  it('extracts title, description, headings and body text without scripts, styles, nav and footer', () => {
    const doc = extractDocument('https://acme.test/pricing', page);
    expect(doc).toEqual({
      id: documentId('https://acme.test/pricing'),
      url: 'https://acme.test/pricing',
      title: 'Pricing | Acme',
      description: 'Plans and prices for Acme widgets',
      headings: ['Pricing', 'Starter plan', 'FAQ'],
      body: 'Pricing Starter plan The starter plan costs 19 dollars. FAQ Cancel any time.',
    });
  });

  it('falls back to og:title and caps the body', () => {
    const doc = extractDocument(
      'https://a.test/',
      `<html><head><meta property="og:title" content="OG Title"></head><body><p>${'word '.repeat(10_000)}</p></body></html>`,
    );
    expect(doc.title).toBe('OG Title');
    expect(doc.body.length).toBe(MAX_BODY_CHARS);
  });

  it('gives a page the same id every time', () => {
    expect(documentId('https://a.test/x')).toBe(documentId('https://a.test/x'));
    expect(documentId('https://a.test/x')).not.toBe(documentId('https://a.test/y'));
  });
});
