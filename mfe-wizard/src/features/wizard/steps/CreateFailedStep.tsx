import { Button } from '@sniff/ui';
/** Step 4 when the store could not be created (section 2): Try Again returns to step 3, form kept. */
export function CreateFailedStep({ reason, onRetry }: { reason: string | null; onRetry: () => void }) {
  return (
    <section aria-labelledby="wizard-failed-title" className="sniff-panel sniff-panel--error">
      <h2 id="wizard-failed-title">Unable to Create Search Bar</h2>
      <p>We are unable to add your website right now. Please come back in sometime</p>
      {reason && <p className="sniff-muted">Details: {reason}</p>}
      <Button onClick={onRetry}>Try Again</Button>
    </section>
  );
}
