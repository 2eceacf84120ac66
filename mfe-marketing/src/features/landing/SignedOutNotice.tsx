import { useEffect, useState } from 'react';
import { ACCOUNT_DELETED_NOTICE } from '@sniff/contracts';

/** Reads (and removes) the notice the account page left before signing out; none without storage. */
function takeNotice(): string | null {
  try {
    const { storageKey, value, text } = ACCOUNT_DELETED_NOTICE;
    const stored = window.sessionStorage.getItem(storageKey);
    window.sessionStorage.removeItem(storageKey);
    return stored === value ? text : null;
  } catch {
    return null;
  }
}

/**
 * "Your account has been deleted" after a deletion ends on the landing page. The status region is in the
 * pre-rendered HTML, empty, so screen readers announce the text when it appears after hydration.
 */
export function SignedOutNotice() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(takeNotice()), []);
  return (
    <div role="status" className="site-notice-region">
      {text && (
        <div className="site-notice">
          <p>{text}</p>
          <button type="button" className="site-notice__close" onClick={() => setText(null)}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
