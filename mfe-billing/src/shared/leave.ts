/**
 * Leaving Sniff for the payment provider's pages (the billing portal). One object, so tests can watch
 * where the page would go: jsdom cannot navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
