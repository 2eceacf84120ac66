/** Nest token of the dashboard addresses Stripe sends the owner back to. */
export const BILLING_URLS = Symbol('BILLING_URLS');

export interface BillingUrls {
  /** The dashboard's origin, without a trailing slash. */
  publicUrl: string;
}
