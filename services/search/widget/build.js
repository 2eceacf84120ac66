#!/usr/bin/env node
// Builds the embeddable widget: one minified IIFE, published as saas-embed.js (custom sites)
// and embed.js (squarespace, shopify); the platform is read from data-platform at run time.
const { build } = require('esbuild');
const { copyFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const out = join(__dirname, 'dist');

async function main() {
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: [join(__dirname, 'src', 'index.ts')],
    outfile: join(out, 'saas-embed.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: false,
    target: ['es2019', 'chrome80', 'firefox78', 'safari13'],
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  copyFileSync(join(out, 'saas-embed.js'), join(out, 'embed.js'));
  const bytes = Object.values(result.metafile.outputs)[0].bytes;
  console.log(`widget: dist/saas-embed.js and dist/embed.js (${(bytes / 1024).toFixed(1)} kB)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
