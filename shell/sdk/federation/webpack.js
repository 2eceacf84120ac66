// The webpack + Module Federation build every front end uses: the shell (host) and each remote.
// A remote exposes one module, "./remote" (its defineRemote entry), writes mf-manifest.json for
// the shell to register at runtime, and also builds a standalone page for its team.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { declaredPackages, requiredRanges, sharedFor } = require('./shared');
const { RemoteDeclarationPlugin } = require('./declaration-plugin');

const swcOptions = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2020',
  },
  module: { type: 'es6' },
};

/**
 * Every script and stylesheet is also written brotli- (best quality) and gzip-compressed, once, at
 * build: the gateway serves those files as they are (services/gateway/src/static-files.ts).
 * Compressing on the fly it could only afford a fast setting, about 15% larger.
 */
const precompress = () => [
  new CompressionPlugin({
    test: /\.(js|css)$/,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    minRatio: 1,
  }),
  new CompressionPlugin({
    test: /\.(js|css)$/,
    filename: '[path][base].gz',
    algorithm: 'gzip',
    compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
    minRatio: 1,
  }),
];

const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/**
 * Packages whose `exports` name only their development build (React Router 7 leaves choosing its
 * production build to the bundler): a production build resolves them to their production files.
 * Without this the dashboard ran React Router's development build, its warnings and checks included.
 */
const productionBuilds = {
  'react-router$': path.join(reactRouterDist, 'production/index.mjs'),
  'react-router/dom$': path.join(reactRouterDist, 'production/dom-export.mjs'),
};

/**
 * @param {{ dir: string, name: string, host?: boolean, devPort?: number, title?: string, eagerShared?: string[] }} o
 *   dir: the package directory; name: the federation name (mfe_wizard, shell); eagerShared: shared
 *   libraries bundled into the entry chunk (see sharedFor).
 */
function createWebpackConfig({ dir, name, host = false, devPort = 3000, title = 'Sniff', eagerShared = [] }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const standalone = path.join(dir, 'src/standalone.tsx');
    const declaration = path.join(dir, 'src/declaration.ts');
    const entry = host
      ? { main: './src/index.ts' }
      : fs.existsSync(standalone)
        ? { standalone: path.join(__dirname, 'standalone-entry.js') }
        : {};
    const alias = {
      ...(production ? productionBuilds : {}),
      // The contracts from their TypeScript source (their dist is CommonJS, for Node), so webpack can
      // tree-shake them: a remote page carries the schemas it uses, not all of them (see the rule below).
      '@sniff/contracts$': path.join(__dirname, '../../../services/contracts/src/index.ts'),
      // The shared data's API (a federation singleton of its own) from its source, like the contracts.
      '@sniff/shell-sdk/shared-data$': path.join(__dirname, '../src/shared-data.ts'),
      ...(host ? {} : { 'sniff-remote-standalone$': standalone }),
    };
    // A production remote leaves the federation runtime to the shell (see runtime-for-remotes.js).
    const externalRuntime = production && !host;
    // In production a front end's styles are stylesheets of their own, loaded with the chunk that
    // imports them (webpack adds the <link> and fetches it beside the script), not JavaScript that
    // injects them: less script to fetch and run. The shell's are imported by its bootstrap chunk, so a
    // pre-rendered public page (which carries its own CSS inline) gets them when the app starts, as before.
    const extractCss = production;
    const config = {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry,
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        // Entry files keep stable names (the federation runtime resolves them); chunks are hashed.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: externalRuntime ? { keep: /^federation-runtime\.js/ } : true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'], alias },
      module: {
        rules: [
          { test: /\.[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions } },
          // Modules of the contracts only declare things: what nothing imports can be left out.
          { test: /[\\/]services[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /\.css$/, use: [extractCss ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(host ? {} : { filename: 'remoteEntry.js', exposes: { './remote': './src/remote.tsx' } }),
          shared: sharedFor(dir, { eager: eagerShared }),
          // The default (version-first) fetches every registered remote's entry at start-up to
          // compare shared versions: a page then loaded all five remotes. The shell provides the
          // singletons eagerly, so each remote is fetched only when one of its pages is shown.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // The runtime only for browsers (no Node loading code); a remote's own copy also leaves out
          // the manifest snapshot code, which only the shell uses to find remotes.
          experiments: { optimization: { target: 'web', ...(host ? {} : { disableSnapshot: true }) }, externalRuntime },
          // The shell provides its runtime to the remotes, which then carry none of their own.
          ...(host ? { runtimePlugins: [path.join(__dirname, 'provide-runtime-plugin.js')] } : {}),
        }),
        ...(!host && fs.existsSync(declaration)
          ? [new RemoteDeclarationPlugin(declaration, requiredRanges(dir), declaredPackages(dir))]
          : []),
        ...(Object.keys(entry).length
          ? [
              new HtmlWebpackPlugin({
                title,
                templateContent: htmlTemplate(title, externalRuntime ? ['federation-runtime.js'] : []),
                chunks: Object.keys(entry),
              }),
            ]
          : []),
        ...(extractCss
          ? [new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:8].css' })]
          : []),
        ...(production ? precompress() : []),
      ],
      performance: { hints: false },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The standalone page's API calls go to a running product (`npm start`, or SNIFF_API_URL); pass
        // a token with ?token= (the gateway verifies it), e.g. one copied from the dashboard's requests.
        proxy: [
          {
            context: ['/api', '/v1'],
            target: process.env.SNIFF_API_URL || 'http://127.0.0.1:8080',
            changeOrigin: true,
          },
        ],
      },
    };
    return externalRuntime && entry.standalone ? [config, standaloneRuntimeConfig(dir, name)] : config;
  };
}

/**
 * A production remote's standalone page loads federation-runtime.js first: a build of its own
 * (without federation) that provides the runtime the remote's build leaves out.
 */
function standaloneRuntimeConfig(dir, name) {
  return {
    name: `${name}-federation-runtime`,
    context: dir,
    mode: 'production',
    devtool: 'source-map',
    entry: { 'federation-runtime': path.join(__dirname, 'standalone-runtime.js') },
    output: { path: path.join(dir, 'dist'), filename: '[name].js', uniqueName: `${name}_runtime`, clean: false },
    performance: { hints: false },
  };
}

function htmlTemplate(title, headScripts = []) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <script>
      // Apply the theme before first paint: stored choice, else the OS preference.
      try {
        var t = localStorage.getItem('theme');
        if (t === 'dark' || (!t && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
      } catch (e) {}
    </script>
    ${headScripts.map((src) => `<script src="${src}"></script>`).join('\n    ')}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
}

module.exports = { createWebpackConfig };
