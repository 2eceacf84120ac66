/**
 * Text that Postgres cannot store: a NUL character (refused in `text` and `jsonb`) or a UTF-16
 * surrogate without its partner (refused in `jsonb`, silently replaced in `text`). One rule for
 * every request a service reads, so no route can forget it (the service kit applies it).
 */
// eslint-disable-next-line no-control-regex -- a NUL is what it looks for
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

interface Step {
  value: unknown;
  key?: string | number;
  parent?: Step;
}

function pathOf(step: Step | undefined, last?: string): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let s = step; s?.key !== undefined; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The path of the first string or object key in `value` (nested objects and arrays) that holds
 * unsafe text; `[]` when `value` itself is such a string; undefined when there is none. Walks with
 * its own stack (each step points to its parent), so a body nested a million levels deep costs
 * neither the call stack nor a copy of the path per level.
 */
export function findUnsafeText(value: unknown): (string | number)[] | undefined {
  const stack: Step[] = [{ value }];
  while (stack.length) {
    const step = stack.pop()!;
    const v = step.value;
    if (typeof v === 'string') {
      if (isUnsafeText(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (const key of keys) if (isUnsafeText(key)) return pathOf(step, key);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ value: (v as Record<string, unknown>)[keys[i]], key: keys[i], parent: step });
      }
    }
  }
  return undefined;
}

/**
 * A path as a field name (`documents.0.title`); unsafe characters of a key are shown escaped
 * (`\u0000`), and a path deeper than 20 levels ends in "…" (a field name, not a copy of the body).
 */
export function fieldName(path: (string | number)[]): string {
  const shown = path.length > 20 ? [...path.slice(0, 20), '…'] : path;
  return shown
    .map((part) =>
      String(part).replace(
        new RegExp(UNSAFE_TEXT.source, 'g'),
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    )
    .join('.');
}

/** The 400 message for unsafe text in `field` (a dotted path such as `id` or `documents.0.title`). */
export function unsafeTextMessage(field: string): string {
  return `${field} must not contain NUL characters or unpaired surrogates`;
}

/**
 * What breaks a line where one line is meant (a mail's "Page:" line, a header): CR, LF and the other
 * control characters (NEL, form feed, vertical tab…), and the Unicode line and paragraph separators.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

export function isSingleLine(text: string): boolean {
  return !LINE_BREAKING.test(text);
}

/** `text` on one line: each run of line-breaking characters becomes one space. */
export function toSingleLine(text: string): string {
  return text.replace(new RegExp(`${LINE_BREAKING.source}+`, 'gu'), ' ');
}
