const { createWebpackConfig } = require('../shell/sdk/federation/webpack.js');

module.exports = createWebpackConfig({ dir: __dirname, name: 'mfe_analytics', devPort: 3013 });
