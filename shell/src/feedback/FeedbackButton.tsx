import { useEffect, useId, useState } from 'react';
import { FEEDBACK_MAX_LENGTH } from '@sniff/contracts';
import { errorMessage, usePlatform } from '@sniff/shell-sdk';
import { Alert, Button, Dialog } from '@sniff/ui';
import { useSendFeedbackMutation } from '../auth/shellApi';

export const FEEDBACK_MAILBOX = 'feedback@sniff.dev';
export const SUPPORT_EMAIL = 'support@sniff.dev';
export const SENT_TEXT = 'Feedback sent successfully!';
export const FAILED_TEXT = 'Failed to send feedback. Try email client instead.';
/** The panel closes this long after a success (spec section 9). */
export const CLOSE_AFTER_SENT_MS = 2000;

/** The mail a client opens when sending failed: the same text, to the feedback mailbox. */
export function feedbackMailto(text: string, from: string, copySupport: boolean): string {
  const params = new URLSearchParams({
    subject: `Sniff feedback from ${from}`,
    body: `${text}\n\n--\nFrom: ${from}\nPage: ${location.pathname}\nTime: ${new Date().toISOString()}`,
  });
  if (copySupport) params.set('cc', SUPPORT_EMAIL);
  // URLSearchParams writes spaces as +, which mail clients show literally.
  return `mailto:${FEEDBACK_MAILBOX}?${params.toString().replace(/\+/g, '%20')}`;
}

type Status = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

/** The floating feedback button and its Send Feedback panel (spec section 2, Feedback). */
export function FeedbackButton() {
  const { user } = usePlatform();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [copySupport, setCopySupport] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [send, sending] = useSendFeedbackMutation();
  const textId = useId();
  const hintId = useId();
  const countId = useId();
  const email = user?.email ?? '';
  const blank = !text.trim();
  // Counted as the service counts it (trimmed), so the panel refuses exactly what the service would.
  const length = text.trim().length;
  const tooLong = length > FEEDBACK_MAX_LENGTH;

  const close = () => {
    setOpen(false);
    setText('');
    setCopySupport(false);
    setStatus(null);
  };
  useEffect(() => {
    if (status?.kind !== 'sent') return;
    const timer = setTimeout(close, CLOSE_AFTER_SENT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = async () => {
    if (blank || tooLong || !email || sending.isLoading) return;
    try {
      await send({ text: text.trim(), page: location.pathname, copySupport }).unwrap();
      setStatus({ kind: 'sent' });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setStatus({ kind: 'failed', message: status === 429 ? errorMessage(error) : FAILED_TEXT });
    }
  };

  return (
    <>
      <Button
        variant="icon"
        className="feedback-fab"
        aria-label="Send feedback"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 012 2v10a2 2 0 01-2 2H8l-4 4V6a2 2 0 012-2zm2 4v2h12V8H6zm0 4v2h8v-2H6z"
          />
        </svg>
      </Button>
      {open && (
        <Dialog
          title="Send Feedback"
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
              {status?.kind === 'failed' && (
                <Button
                  variant="secondary"
                  onClick={() => window.open(feedbackMailto(text, email, copySupport), '_self')}
                >
                  Open Email Client
                </Button>
              )}
              {!status && (
                <Button disabled={blank || tooLong || !email || sending.isLoading} onClick={() => void submit()}>
                  {sending.isLoading ? 'Sending...' : 'Send'}
                </Button>
              )}
            </>
          }
        >
          <div className="sniff-field">
            <label htmlFor={textId}>Your feedback</label>
            <textarea
              id={textId}
              className="feedback-text"
              rows={6}
              required
              aria-describedby={`${hintId} ${countId}`}
              aria-invalid={tooLong || undefined}
              value={text}
              readOnly={!!status}
              data-autofocus
              onChange={(e) => setText(e.target.value)}
            />
            <p id={hintId} className="sniff-muted">
              {email ? `We reply to ${email}.` : 'Sign in with an e-mail address to send feedback.'}
              {blank && ' Write a few words to send.'}
            </p>
            <p id={countId} className={tooLong ? 'sniff-error' : 'sniff-muted'} aria-live={tooLong ? 'polite' : 'off'}>
              {tooLong
                ? `Your feedback is ${(length - FEEDBACK_MAX_LENGTH).toLocaleString('en-US')} characters too long: at most ${FEEDBACK_MAX_LENGTH.toLocaleString('en-US')}.`
                : `${length.toLocaleString('en-US')} of ${FEEDBACK_MAX_LENGTH.toLocaleString('en-US')} characters`}
            </p>
          </div>
          <label className="feedback-copy">
            <input
              type="checkbox"
              checked={copySupport}
              disabled={!!status}
              onChange={(e) => setCopySupport(e.target.checked)}
            />{' '}
            Copy the support team ({SUPPORT_EMAIL})
          </label>
          {status?.kind === 'sent' && <Alert kind="success">{SENT_TEXT}</Alert>}
          {status?.kind === 'failed' && <Alert kind="error">{status.message}</Alert>}
        </Dialog>
      )}
    </>
  );
}
