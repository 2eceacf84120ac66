// A stand-in for https://js.stripe.com/v3/stripe.js: defines window.Stripe so @stripe/stripe-js's
// loadStripe resolves with it (it uses an existing window.Stripe instead of loading Stripe's script) and
// redirectToCheckout goes to this provider's hosted Checkout page. Test keys (pk_test_...) only.

/** @param {string} publicUrl the provider's address as the browser reaches it */
export function stripeJsSource(publicUrl) {
  return `// Local Stripe stand-in (test mode). Not Stripe's code.
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(publicUrl).replace(/</g, '\\u003c')};
  var VERSION = 'endive';
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_test_') !== 0) {
      throw new Error('IntegrationError: the local Stripe stand-in accepts test publishable keys (pk_test_...) only.');
    }
    return {
      version: VERSION,
      _registerWrapper: function () {},
      redirectToCheckout: function (options) {
        var sessionId = options && options.sessionId;
        if (typeof sessionId !== 'string' || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'redirectToCheckout needs the sessionId of a Checkout Session.' },
          });
        }
        window.location.assign(ORIGIN + '/c/pay/' + encodeURIComponent(sessionId));
        // like Stripe's, it only settles if the navigation fails
        return new Promise(function () {});
      },
    };
  }
  Stripe.version = VERSION;
  window.Stripe = Stripe;
})();
`;
}
