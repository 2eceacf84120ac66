// The browser build: the default one reads Node's Buffer when it loads.
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * A panel as CSV: a header row, then one row per entry. Cells a spreadsheet would run as a formula
 * (starting with = + - @, tab or return) are escaped: searches are typed by anyone.
 */
export function toCsv<T extends object>(columns: { key: keyof T & string; header: string }[], rows: T[]): string {
  return stringify(rows, {
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.header })),
    escape_formulas: true,
  });
}

/** Saves `csv` as `filename` through a download link. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
