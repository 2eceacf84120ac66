import type { Widget } from './context';

/** Opens or closes the listbox popup; closing it leaves no option active. */
export function setExpanded(w: Widget, open: boolean): void {
  w.panel.hidden = !open;
  w.input.setAttribute('aria-expanded', String(open));
  if (!open) setActive(w, -1);
}

/** Makes the option at `i` the active one (-1: none), as aria-activedescendant of the input. */
export function setActive(w: Widget, i: number): void {
  const { listbox, input } = w;
  w.active = i;
  listbox.querySelectorAll('[role=option]').forEach((o, j) => o.setAttribute('aria-selected', String(j === i)));
  if (i >= 0) {
    const option = listbox.children[i] as HTMLElement | undefined;
    input.setAttribute('aria-activedescendant', option?.id ?? '');
    option?.scrollIntoView?.({ block: 'nearest' });
  } else {
    input.removeAttribute('aria-activedescendant');
  }
}
