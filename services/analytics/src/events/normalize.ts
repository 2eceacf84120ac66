/** How queries are grouped: trimmed, lower-case, runs of whitespace as one space. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, ' ');
}
