// Kept apart from the account schemas so the public site, which shows it, never loads zod (its eval probe
// breaks the public pages' CSP).
/**
 * The landing page's word after a deletion. Sign-out returns to the site's origin (the one address the
 * identity provider allows), so the account page leaves this in the tab's sessionStorage just before it
 * signs the owner out, and the landing page shows it once.
 */
export const ACCOUNT_DELETED_NOTICE = {
  storageKey: 'sniff:signed-out-notice',
  value: 'account-deleted',
  text: 'Your account has been deleted and you have been signed out. Thank you for trying Sniff.',
} as const;
