// The marketing remote (browser, Module Federation) plus, for production builds, a Node build of the
// same pages that scripts/prerender.js turns into static HTML (public routes are pre-rendered for SEO).
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { createWebpackConfig } = require('../shell/sdk/federation/webpack.js');

const remote = createWebpackConfig({ dir: __dirname, name: 'mfe_marketing', devPort: 3010 });

/** Where the remote's files are served; assets referenced by pre-rendered HTML point here. */
const REMOTE_PUBLIC_PATH = '/remotes/mfe-marketing/';
/** Node build for the pre-renderer: a dot-directory, which the gateway's static mounts never serve. */
const PRERENDER_DIR = path.join(__dirname, 'dist/.prerender');

const swcOptions = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

/** Packages stay require()s (one React for the pages and react-dom/server); CSS is bundled and extracted. */
function externalPackages({ request }, callback) {
  if (request && /^(@[^./][^/]*\/)?[^./]/.test(request) && !request.endsWith('.css')) {
    return callback(undefined, `commonjs ${request}`);
  }
  return callback();
}

const prerender = {
  name: 'prerender',
  // After the remote: its output.clean empties dist/ first.
  dependencies: ['remote'],
  context: __dirname,
  mode: 'production',
  target: 'node20',
  devtool: false,
  entry: { prerender: './src/prerender/server.ts' },
  output: {
    path: PRERENDER_DIR,
    filename: '[name].js',
    library: { type: 'commonjs2' },
    publicPath: REMOTE_PUBLIC_PATH,
    clean: true,
  },
  externals: [externalPackages],
  resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'] },
  module: {
    rules: [
      { test: /\.[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions } },
      { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      // Same file names as the remote's build (content hash), served from the remote's folder.
      { test: /\.(svg|png|jpe?g|webp|ico)$/, type: 'asset/resource', generator: { emit: false } },
    ],
  },
  // One chunk, so one CSS file holds every stylesheet the pages can use (lazy imports included).
  plugins: [
    new MiniCssExtractPlugin({ filename: '[name].css' }),
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
  ],
  // Readable stack traces when a page fails to render; the bundle never reaches a browser.
  optimization: { minimize: false },
  performance: { hints: false },
};

/**
 * The contracts are bundled from their TypeScript source (their dist is CommonJS, for Node), so
 * webpack can tree-shake them: the pages take the plan catalogue without the zod schemas beside it.
 */
const contractsFromSource = {
  alias: { '@sniff/contracts$': path.join(__dirname, '../services/contracts/src/index.ts') },
  // Modules of the contracts only declare things: what nothing imports can be left out.
  rule: { test: /[\\/]services[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
};

module.exports = (env, argv) => {
  // `webpack --env prerenderOnly` rebuilds just the Node build (quick iteration on the pre-renderer).
  if (env.prerenderOnly) return { ...prerender, dependencies: [] };
  // The remote's build, then (in production) its standalone page's runtime build.
  const [remoteConfig, ...standalone] = [remote(env, argv)].flat();
  const browser = { ...remoteConfig, name: 'remote' };
  browser.resolve.alias = { ...browser.resolve.alias, ...contractsFromSource.alias };
  browser.module.rules.push(contractsFromSource.rule);
  // Pre-rendered pages carry this CSS inline already: style-loader skips it there (insert-style.js).
  const insert = require.resolve('./src/prerender/insert-style.js');
  browser.module.rules = browser.module.rules.map((rule) =>
    String(rule.test) === String(/\.css$/)
      ? { ...rule, use: [{ loader: 'style-loader', options: { insert } }, 'css-loader'] }
      : rule,
  );
  return argv.mode === 'development' || env.WEBPACK_SERVE ? browser : [browser, ...standalone, prerender];
};
