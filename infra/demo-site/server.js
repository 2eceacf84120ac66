// The demo website: a small static site for a fictional bakery-café, used to try "Create Search Widget"
// (sitemap.xml, robots.txt, same-host links) and by the e2e test. `node infra/demo-site/server.js`.
const http = require('node:http');
const { pages } = require('./pages');

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const nav = [
  ['/', 'Home'],
  ['/menu', 'Menu'],
  ['/pricing', 'Pricing'],
  ['/blog/sourdough-starter-guide', 'Journal'],
  ['/about', 'About'],
  ['/contact', 'Contact'],
];

/** @param {{ title: string, description: string, body: string }} page */
function render(page) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} | Crumb &amp; Co.</title>
<meta name="description" content="${escapeHtml(page.description)}">
<style>
body{font-family:Georgia,serif;margin:0;color:#3b2a1a;background:#fffaf3}
header,main,footer{max-width:860px;margin:0 auto;padding:16px}
header{display:flex;flex-wrap:wrap;gap:16px;align-items:center;border-bottom:1px solid #e8d8c4}
header strong{font-size:1.4em;margin-right:auto}
a{color:#9a4d12}
table{border-collapse:collapse}td,th{border-bottom:1px solid #e8d8c4;padding:6px 12px;text-align:left}
footer{font-size:.9em;color:#7a6552;border-top:1px solid #e8d8c4}
</style>
</head>
<body>
<header><strong>Crumb &amp; Co.</strong>
<nav>${nav.map(([href, label]) => `<a href="${href}">${label}</a>`).join(' · ')}</nav>
</header>
<main>
${page.body}
</main>
<footer>Crumb &amp; Co. Bakery-Café · 14 Mill Lane, Harbourside · Open Tue–Sun 7:00–17:00 · <a href="/contact">Contact us</a></footer>
</body>
</html>`;
}

function sitemap(origin) {
  const urls = Object.keys(pages)
    .map((path) => `  <url><loc>${origin}${path}</loc><changefreq>weekly</changefreq></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * Starts the demo site on 127.0.0.1.
 * @param {{ port?: number }} [options] port 0 picks a free one
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
async function startDemoSite({ port = 8095 } = {}) {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/(.)\/+$/, '$1');
    const origin = `http://${req.headers.host ?? `127.0.0.1:${port}`}`;
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'Method not allowed');
    if (path === '/robots.txt') {
      return send(
        200,
        'text/plain; charset=utf-8',
        `User-agent: *\nAllow: /\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`,
      );
    }
    if (path === '/sitemap.xml') return send(200, 'application/xml; charset=utf-8', sitemap(origin));
    if (path === '/private/staff') {
      return send(
        200,
        'text/html; charset=utf-8',
        render({
          title: 'Staff rota',
          description: 'Internal staff rota and notes.',
          body: '<h1>Staff rota</h1><p>Internal page: opening shifts, oven cleaning schedule and supplier PINs.</p>',
        }),
      );
    }
    const page = pages[path];
    if (!page) {
      return send(
        404,
        'text/html; charset=utf-8',
        render({
          title: 'Not found',
          description: 'Page not found.',
          body: '<h1>Page not found</h1><p><a href="/">Back to the home page</a></p>',
        }),
      );
    }
    return send(200, 'text/html; charset=utf-8', render(page));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

module.exports = { startDemoSite };

if (require.main === module) {
  startDemoSite({ port: Number(process.env.DEMO_SITE_PORT ?? 8095) }).then((site) => {
    console.log(`demo website on ${site.url}`);
    const stop = () => site.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
