/**
 * Saves rows as a CSV download. The CSV writer is loaded on the first export only, so the page
 * itself does not carry it.
 */
export async function saveCsv<T extends object>(
  filename: string,
  columns: { key: keyof T & string; header: string }[],
  rows: T[],
): Promise<void> {
  const { downloadCsv, toCsv } = await import('./csv');
  downloadCsv(filename, toCsv(columns, rows));
}
