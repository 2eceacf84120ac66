#!/usr/bin/env node
// `npm start`: builds what is missing, then runs the whole product on the default ports
// (embedded Postgres in .data/ unless DATABASE_URL is set).
const { execSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { startProduct } = require('../launcher');
const { remoteDirs } = require('../remotes');

const root = join(__dirname, '..', '..');
const required = [
  ...['billing', 'stores', 'search', 'analytics', 'feedback', 'registry', 'gateway'].map(
    (s) => `services/${s}/dist/main.js`,
  ),
  'shell/dist/index.html',
  ...remoteDirs(root).map((dir) => `${dir}/dist/mf-manifest.json`),
  'services/search/widget/dist/saas-embed.js',
  'services/search/dist/semantic/word-vectors.bin',
];

async function main() {
  const missing = required.filter((file) => !existsSync(join(root, file)));
  if (missing.length) {
    console.log(`Building first (missing: ${missing.join(', ')}) ...`);
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  const started = Date.now();
  const product = await startProduct({
    dataDir: process.env.SNIFF_DATA_DIR || join(root, '.data'),
    publicUrl: process.env.PUBLIC_URL,
    // the gateway's Prometheus endpoint (the services serve /metrics on their own ports)
    ports: { metrics: 9464 },
    onExit: (error) => {
      console.error(`\n${error.message}`);
      process.exit(1);
    },
  });
  console.log(`
  Sniff is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s)

  Product:       ${product.urls.app}
  Demo owner:    demo@sniff.dev / sniff-demo
  Demo website:  ${product.urls.demoSite}
                 Paste ${product.urls.demoSite} into Create Search Widget to try it.
  Metrics:       http://127.0.0.1:9464/metrics (gateway), http://127.0.0.1:3101/metrics … 3105 (services)
  Mail inbox:    ${product.urls.inbox ? `${product.urls.inbox} (feedback mail is caught here)` : 'SMTP_URL is set: mail goes out for real'}
  Squarespace:   ${
    product.urls.squarespace
      ? `local stand-in on ${product.urls.squarespace}; Developer API Key sqsp_demo_store_key (a store of 320 products)
                 or sqsp_demo_blog_key (a blog) with the Store URL ${product.urls.squarespace}/sites/sniff-demo-goods
                 (or /sites/sniff-demo-journal)`
      : `Squarespace (SQUARESPACE_API_URL is set)`
  }
  Shopify:       ${
    product.urls.shopify
      ? `local stand-in on ${product.urls.shopify}; Connect with Shopify for the store name sniff-demo`
      : 'Shopify (SHOPIFY_API_KEY is set)'
  }
  Payments:      ${
    product.urls.stripe
      ? `local Stripe stand-in on ${product.urls.stripe} (test card 4242 4242 4242 4242)`
      : 'Stripe (STRIPE_SECRET_KEY is set)'
  }

  Press Ctrl-C to stop.
`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping ...');
    product.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`\nSniff failed to start: ${error.message}`);
  process.exit(1);
});
