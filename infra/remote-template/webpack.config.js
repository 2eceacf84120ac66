// A remote's build: the shared helper does everything (federation, the shared libraries' ranges, declaration.json).
// Its federation name is its folder's (mfe-loyalty-points -> mfe_loyalty_points), as the registry expects.
const { basename } = require('node:path');
const { createWebpackConfig } = require('@sniff/shell-sdk/federation/webpack.js');

module.exports = createWebpackConfig({ dir: __dirname, name: basename(__dirname).replace(/-/g, '_') });
