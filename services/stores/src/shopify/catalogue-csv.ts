import { parse, type CsvError } from 'csv-parse';
import { pipeline, type Readable } from 'node:stream';
import { CATALOGUE_COLUMNS, type RejectedRow } from '@sniff/contracts';
import type { SourceItem } from '../sync/source';
import { CatalogueColumns } from './catalogue-columns';
import { CatalogueFileError, type CatalogueFormat, CatalogueSink } from './catalogue-format';
import { SHOPIFY_EXPORT_COLUMNS, ShopifyExport } from './shopify-export';

export { CatalogueFileError, REJECTED_LISTED } from './catalogue-format';
export { handleOf } from './catalogue-columns';

const MAX_RECORD_BYTES = 64 * 1024;

export interface ParsedCatalogue {
  items: SourceItem[];
  rejected: RejectedRow[];
  rejectedCount: number;
}

/** The format the header row names: Sniff's columns when it has `name`, else Shopify's export when it has `Handle`. */
function formatOf(header: string[], shop: string, sink: CatalogueSink): CatalogueFormat {
  const names = header.map((h) => h.trim());
  const lower = names.map((h) => h.toLowerCase());
  if (lower.includes('name')) return new CatalogueColumns(lower, shop, sink);
  if (ShopifyExport.reads(names)) return new ShopifyExport(names, shop, sink);
  const { handle, title, body, price } = SHOPIFY_EXPORT_COLUMNS;
  throw new CatalogueFileError(
    `The CSV file has no "name" column and no "${handle}" column. Its first row must name the columns: ` +
      `${CATALOGUE_COLUMNS.join(', ')}; or upload Shopify's product export as it is (${handle}, ${title}, ${body}, ${price}, ...).`,
  );
}

/** Line breaks inside the record's quoted values: its first line is that many before its last. */
function lineBreaks(record: Record<string, string | undefined>): number {
  let n = 0;
  for (const v of Object.values(record))
    if (typeof v === 'string') for (let i = v.indexOf('\n'); i !== -1; i = v.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * Reads a catalogue CSV as it streams in (csv-parse). The header row decides the format: Sniff's
 * columns (catalogue-columns.ts) or Shopify admin's product export (shopify-export.ts); a file that is
 * neither is refused naming the columns it lacks. A row with a bad value is left out and reported by
 * its line and column; the good rows are imported.
 */
export async function parseCatalogue(input: Readable, shopUrl: string): Promise<ParsedCatalogue> {
  const sink = new CatalogueSink();
  const shop = shopUrl.replace(/\/+$/, '');
  let format: CatalogueFormat | undefined;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => (format = formatOf(header, shop, sink)).columns,
    skip_empty_lines: true,
    relax_column_count: true,
    // Spreadsheet exports are not always strict about quotes inside a value.
    relax_quotes: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
    skip_records_with_error: true,
  });
  parser.on('skip', (err: CsvError) => {
    sink.reject({ row: Number(err.lines) || 0, column: '*', message: `The row could not be read: ${err.message}` });
  });
  // pipeline, not pipe: an input that failed before it was handed over (an upload cut off while
  // the owner's plan was checked) fails the parser too, instead of leaving it waiting.
  pipeline(input, parser, () => undefined);

  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      // Trimmed here: csv-parse's own trim gives up on the rest of the file after a stray quote.
      const values = Object.fromEntries(
        Object.entries(record)
          .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
          .filter(([, v]) => v !== '' && v !== undefined),
      );
      const last = info.lines;
      format!.row(values, {
        last,
        get first() {
          return last - lineBreaks(record);
        },
      });
    }
    format?.end();
  } catch (err) {
    if (err instanceof CatalogueFileError) throw err;
    const csv = err as CsvError & { code?: string };
    if (csv.code === 'CSV_INVALID_CLOSING_QUOTE' || csv.code?.startsWith('CSV_'))
      throw new CatalogueFileError(`The CSV file could not be read: ${csv.message}`);
    throw err;
  }
  return { items: sink.items, rejected: sink.rejected, rejectedCount: sink.rejectedCount };
}
