#!/usr/bin/env node
// Builds the embeddable widget: one minified IIFE, published as saas-embed.js (custom sites)
// and embed.js (squarespace, shopify); the platform is read from data-platform at run time.
const { build } = require('esbuild');
const { copyFileSync, mkdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');

const out = join(__dirname, 'dist');

/**
 * styles.ts keeps its CSS readable; esbuild leaves template literals as written, so the shipped copy
 * drops the whitespace around CSS punctuation and each rule's last semicolon (the `${}` parts untouched).
 */
function minifyCss(css) {
  return css
    .split(/(\$\{[^}]*\})/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/([{;][\w-]+) ?: ?/g, '$1:')
            .replace(/;}/g, '}'),
    )
    .join('')
    .trim();
}

const minifiedStyles = {
  name: 'minified-styles',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]styles\.ts$/ }, ({ path }) => ({
      contents: readFileSync(path, 'utf8').replace(/return `([^`]*)`;/, (_, css) => `return \`${minifyCss(css)}\`;`),
      loader: 'ts',
    }));
  },
};

const gzipKb = (bytes) => (gzipSync(bytes, { level: 9 }).length / 1000).toFixed(2);

async function main() {
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(__dirname, 'src', 'index.ts')],
    outfile: join(out, 'saas-embed.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: false,
    target: ['es2019', 'chrome80', 'firefox78', 'safari13'],
    legalComments: 'none',
    plugins: [minifiedStyles],
    logLevel: 'warning',
  });
  copyFileSync(join(out, 'saas-embed.js'), join(out, 'embed.js'));
  console.log(
    `widget: dist/saas-embed.js and dist/embed.js (${gzipKb(readFileSync(join(out, 'saas-embed.js')))} kB gz)`,
  );
}

module.exports = { minifyCss };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
