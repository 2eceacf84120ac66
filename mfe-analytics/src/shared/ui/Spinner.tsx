/** Local stand-in until @sniff/ui ships its Spinner. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="sniff-spinner" role="status" aria-live="polite">
      <span className="sniff-spinner__dot" aria-hidden="true" />
      <span className="sniff-visually-hidden">{label}</span>
    </span>
  );
}
