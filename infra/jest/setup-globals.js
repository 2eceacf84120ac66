// jsdom test environments lack some of Node's web globals that React Router needs.
if (typeof window !== 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  globalThis.TextEncoder ??= TextEncoder;
  globalThis.TextDecoder ??= TextDecoder;
}
