/**
 * Appends `text` to `parent`, cut to `max` characters with an ellipsis, with the [start, end)
 * ranges wrapped in <mark>. Only text nodes and elements are created: indexed text is never
 * parsed as HTML.
 */
export function appendHighlighted(parent: HTMLElement, text: string, ranges: [number, number][], max: number): void {
  const doc = parent.ownerDocument;
  const cut = text.length > max;
  const shown = cut ? text.slice(0, Math.max(0, max - 1)).trimEnd() : text;
  const clean = ranges
    .map(([s, e]) => [Math.max(0, s), Math.min(shown.length, e)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let at = 0;
  for (const [s, e] of clean) {
    if (s < at) continue; // overlapping range
    if (s > at) parent.appendChild(doc.createTextNode(shown.slice(at, s)));
    const mark = doc.createElement('mark');
    mark.textContent = shown.slice(s, e);
    parent.appendChild(mark);
    at = e;
  }
  if (at < shown.length) parent.appendChild(doc.createTextNode(shown.slice(at)));
  if (cut) parent.appendChild(doc.createTextNode('…'));
}
