const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createWebpackConfig } = require('./sdk/federation/webpack.js');

const base = createWebpackConfig({ dir: __dirname, name: 'shell', host: true, devPort: 8081, title: 'Sniff' });

// The shell's page gets the Sniff icon (browsers otherwise ask for a missing /favicon.ico).
module.exports = (env, argv) => {
  const config = base(env, argv);
  for (const plugin of config.plugins) {
    if (plugin instanceof HtmlWebpackPlugin) plugin.options.favicon = path.join(__dirname, 'public/favicon.svg');
  }
  return config;
};
