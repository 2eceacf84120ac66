const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { SINGLETONS } = require('./sdk/federation/shared.js');
const { createWebpackConfig } = require('./sdk/federation/webpack.js');

// The shell provides the shared libraries from its entry chunk: every page needs them at once, and
// one file starts the app without a round of share negotiation and a request per library. zod,
// RTK Query's React hooks and the shared data's API (which needs both) are the exceptions: only the
// dashboard uses them, so they stay chunks of their own, off the public pages.
const LAZY = ['zod', '@reduxjs/toolkit/query/react', '@sniff/shell-sdk/shared-data'];
const base = createWebpackConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  devPort: 8081,
  title: 'Sniff',
  eagerShared: SINGLETONS.filter((name) => !LAZY.includes(name)),
});

/**
 * The shell's page. The app starts from the inline script at the end of <body> instead of a
 * `defer` tag: on a pre-rendered public page (the marketing pre-renderer fills #root and marks it
 * data-prerendered) the page is complete HTML, so it is painted first and the app that hydrates it
 * is fetched once the browser reports the first contentful paint. Script work never holds up the
 * first paint, and a browser without paint timing starts the app at once, as everywhere else.
 * Both inline scripts run under the gateway's Content-Security-Policy by their sha256, which the
 * gateway computes from the built file it serves: edit them freely, but add no inline event
 * handler (onload=…) and no eval, which the policy refuses.
 */
const shellPage = ({ title, icon, scripts }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="icon" href="${icon}" />
    <script>
      // Apply the theme before first paint: stored choice, else the OS preference.
      try {
        var t = localStorage.getItem('theme');
        if (t === 'dark' || (!t && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
      } catch (e) {}
    </script>
  </head>
  <body>
    <div id="root"></div>
    <script>
      (function (scripts) {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          scripts.forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.head.appendChild(script);
          });
        }
        var root = document.getElementById('root');
        var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
        if (!root || !root.hasAttribute('data-prerendered') || !types || types.indexOf('paint') < 0) return start();
        new PerformanceObserver(function (list, observer) {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          start();
        }).observe({ type: 'paint', buffered: true });
        // A safety net: a page that is never painted (a tab kept in the background) still starts.
        setTimeout(start, 3000);
      })(${JSON.stringify(scripts)});
    </script>
  </body>
</html>`;

/**
 * The sdk and the contracts are bundled from their TypeScript sources (their dist is CommonJS, for
 * Node), so webpack sees ES modules it can tree-shake: the shell then carries only the contracts it
 * uses (the plan catalogue, not the zod schemas) and zod stays off the public pages.
 */
const fromSource = {
  alias: {
    '@sniff/shell-sdk$': path.join(__dirname, 'sdk/src/index.ts'),
    // The declarations' schema, for the dashboard's chunk only (not shared: pure, and zod's on demand).
    '@sniff/shell-sdk/declaration$': path.join(__dirname, 'sdk/src/declaration.ts'),
    '@sniff/contracts$': path.join(__dirname, '../services/contracts/src/index.ts'),
  },
  // Modules of the contracts only declare things: what nothing imports can be left out.
  rule: { test: /[\\/]services[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
};

// The shell's page gets its own template (above) and the Sniff icon (browsers otherwise ask for a
// missing /favicon.ico).
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.resolve.alias = { ...config.resolve.alias, ...fromSource.alias };
  config.module.rules.push(fromSource.rule);
  config.plugins = config.plugins.map((plugin) =>
    plugin instanceof HtmlWebpackPlugin
      ? new HtmlWebpackPlugin({
          ...plugin.userOptions,
          inject: false,
          templateContent: ({ htmlWebpackPlugin }) =>
            shellPage({ title: 'Sniff', icon: htmlWebpackPlugin.files.favicon, scripts: htmlWebpackPlugin.files.js }),
          favicon: path.join(__dirname, 'public/favicon.svg'),
        })
      : plugin,
  );
  return config;
};
