const { createWebpackConfig } = require('./sdk/federation/webpack.js');

module.exports = createWebpackConfig({ dir: __dirname, name: 'shell', host: true, devPort: 8081, title: 'Sniff' });
