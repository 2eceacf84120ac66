const { createWebpackConfig } = require('../shell/sdk/federation/webpack.js');

module.exports = createWebpackConfig({ dir: __dirname, name: 'mfe_stores', devPort: 3012 });
