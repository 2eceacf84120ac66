/**
 * Every place the public site links outside itself, in one list (the link checker skips
 * these; internal links must resolve to a public route).
 */
export const EXTERNAL_LINKS = {
  /** A live store with the Sniff widget installed, opened in a new tab by "Try Demo" / "Live Demo". */
  demo: 'https://demo.sniff.dev',
  /** Booking page for a 15-minute call ("Schedule Demo", "Talk to our sales team"). */
  booking: 'https://cal.com/sniff/15min',
  /** Community chat invite ("Contact Support" under the FAQ). */
  community: 'https://discord.gg/sniff',
  /** /vectors early-access sign-up form. */
  earlyAccess: 'https://forms.sniff.dev/vectors-early-access',
  supportEmail: 'mailto:support@sniff.dev',
} as const;

/** Where every "start" button goes: the wizard (the dashboard asks to sign in first). */
export const START_PATH = '/dashboard/create-store';
