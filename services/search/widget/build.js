#!/usr/bin/env node
// Builds the embeddable widget as two minified IIFEs. The first, published as saas-embed.js (custom
// sites) and embed.js (squarespace, shopify; the platform is read from data-platform at run time),
// renders the bar and loads the second, search.<hash>.js (searching, results, popup), from beside it.
const { build } = require('esbuild');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
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

/** The first script asks for the second by its content-hashed name (rest-file.ts). */
const restFile = (name) => ({
  name: 'rest-file',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]rest-file\.ts$/ }, () => ({
      contents: `export const REST_FILE = ${JSON.stringify(name)};`,
      loader: 'ts',
    }));
  },
});

const bundle = async (entry, plugins) => {
  const result = await build({
    entryPoints: [join(__dirname, 'src', entry)],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    sourcemap: false,
    target: ['es2019', 'chrome80', 'firefox78', 'safari13'],
    legalComments: 'none',
    plugins,
    logLevel: 'warning',
  });
  return result.outputFiles[0].contents;
};

/**
 * Both scripts in memory. The second's name changes with its content, so a first script (cached up to
 * 5 minutes by the gateway) always gets the second it was built with.
 */
async function buildWidget() {
  const rest = await bundle('rest.ts', []);
  const restName = `search.${createHash('sha256').update(rest).digest('hex').slice(0, 10)}.js`;
  const first = await bundle('index.ts', [minifiedStyles, restFile(restName)]);
  return { first, rest, restName };
}

const gzipKb = (bytes) => (gzipSync(bytes, { level: 9 }).length / 1000).toFixed(2);

async function main() {
  const { first, rest, restName } = await buildWidget();
  mkdirSync(out, { recursive: true });
  // Earlier search.<hash>.js files are kept: first scripts cached on pages still ask for them.
  writeFileSync(join(out, restName), rest);
  writeFileSync(join(out, 'saas-embed.js'), first);
  writeFileSync(join(out, 'embed.js'), first);
  console.log(
    `widget: dist/saas-embed.js and dist/embed.js (${gzipKb(first)} kB gz), dist/${restName} (${gzipKb(rest)} kB gz)`,
  );
}

module.exports = { buildWidget, minifyCss };

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
