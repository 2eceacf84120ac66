import { accountDeletionRequestSchema, accountDeletionStatusSchema, accountExportSchema } from '../account-deletion';
import { userInfoRequestSchema, userInfoResponseSchema } from '../api';
import {
  billingAccountRequestSchema,
  billingAccountResponseSchema,
  cancelCheckoutRequestSchema,
  cancelCheckoutResponseSchema,
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  portalSessionRequestSchema,
  portalSessionResponseSchema,
} from '../billing';
import { endpoint } from './endpoint';
import {
  ownerContactSchema,
  revokedSubjectsQuerySchema,
  revokedSubjectsSchema,
  webhookAnswerSchema,
} from './internal-schemas';
export const userInfo = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/info/user',
  access: 'owner',
  summary: "The owner's plans",
  body: userInfoRequestSchema,
  response: userInfoResponseSchema,
});

export const ownerPlans = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'GET',
  path: '/internal/users/:sub/plans',
  access: 'internal',
  summary: "An owner's plans (stores, search and analytics check quotas with them)",
  response: userInfoResponseSchema,
});

export const ownerContact = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'GET',
  path: '/internal/users/:sub/contact',
  access: 'internal',
  summary:
    "An owner's e-mail address from the identity provider (search mails quota notices to it); 404: no such account",
  response: ownerContactSchema,
});

export const checkoutSession = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/stripe/checkout-session',
  access: 'owner',
  summary: 'Starts a Stripe Checkout for a plan',
  body: checkoutSessionRequestSchema,
  response: checkoutSessionResponseSchema,
});

export const cancelCheckout = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/stripe/checkout-session/cancel',
  access: 'owner',
  summary: "Ends the owner's open checkout (no plan changes)",
  body: cancelCheckoutRequestSchema,
  response: cancelCheckoutResponseSchema,
});

export const portalSession = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/stripe/portal-session',
  access: 'owner',
  summary: "Opens Stripe's billing portal",
  body: portalSessionRequestSchema,
  response: portalSessionResponseSchema,
});

export const billingAccount = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/billing/account',
  access: 'owner',
  summary: "The owner's subscriptions and invoices",
  body: billingAccountRequestSchema,
  response: billingAccountResponseSchema,
});

export const stripeWebhook = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/stripe/webhook',
  access: 'public',
  summary: "Stripe's events (the Stripe-Signature header over the raw body is the credential)",
  bodyType: 'raw',
  response: webhookAnswerSchema,
});

export const accountExport = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'GET',
  path: '/account/export',
  access: 'owner',
  summary: 'Everything Sniff keeps about the owner, as JSON',
  response: accountExportSchema,
});

export const requestAccountDeletion = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'POST',
  path: '/account/deletion',
  access: 'owner',
  summary: "Deletes the owner's account and data (confirmed with the account's e-mail)",
  body: accountDeletionRequestSchema,
  status: 202,
  response: accountDeletionStatusSchema,
});

export const accountDeletion = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'GET',
  path: '/account/deletion',
  access: 'owner',
  summary: "How far the account's deletion is",
  response: accountDeletionStatusSchema,
});

export const revokedSubjects = /*#__PURE__*/ endpoint({
  service: 'billing',
  method: 'GET',
  path: '/internal/revoked-subjects',
  access: 'internal',
  summary: 'Owners who asked to delete their account, after a cursor: every gateway polls it and refuses their tokens',
  query: revokedSubjectsQuerySchema,
  response: revokedSubjectsSchema,
});
