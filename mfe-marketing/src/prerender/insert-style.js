/* global document */
// style-loader's `insert` for the marketing remote (see webpack.config.js). Loaded with loaders
// disabled, so plain JavaScript.

/**
 * A pre-rendered page already carries every stylesheet of the public site inline
 * (<style data-prerendered>): adding them again would only make the browser restyle the page while
 * it hydrates. Anywhere else (the shell started on /dashboard, the standalone page) they go into
 * <head> as usual.
 */
export default function insertStyle(element) {
  if (document.querySelector('style[data-prerendered]')) return;
  document.head.appendChild(element);
}
