// `@sniff/shell-sdk/declaration` for Node (the remote registry checks published declarations with it); the
// front ends' builds and jest map the name to src/declaration.ts.
module.exports = require('./dist/declaration.js');
