import { parse, type CsvError } from 'csv-parse';
import { pipeline, type Readable } from 'node:stream';
import { z } from 'zod';
import { CATALOGUE_COLUMNS, CATALOGUE_MAX_ROWS, findUnsafeText, type RejectedRow } from '@sniff/contracts';
import type { SourceItem } from '../sync/source';

/** Rejected rows listed back to the owner; the count covers all. */
export const REJECTED_LISTED = 100;
const MAX_RECORD_BYTES = 64 * 1024;

/** The file itself cannot be imported (no name column, too many rows, not text): a 4xx, nothing created. */
export class CatalogueFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

const webUrl = (column: string) =>
  z
    .string()
    .max(2048, `${column} is longer than 2,048 characters`)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `${column} must be an absolute http(s) URL`);

/** One catalogue row; `price` may carry a currency sign and a decimal comma ("$19.99", "19,99"). */
const rowSchema = z.object({
  name: z.string({ error: 'name is empty' }).min(1, 'name is empty').max(300, 'name is longer than 300 characters'),
  description: z.string().max(5_000, 'description is longer than 5,000 characters').optional(),
  price: z
    .string()
    .regex(/^[$€£¥]?\s*\d{1,9}([.,]\d{1,2})?$/, 'price must be a number such as 19.99')
    .transform((v) => Number(v.replace(/^[$€£¥]\s*/, '').replace(',', '.')))
    .optional(),
  category: z.string().max(200, 'category is longer than 200 characters').optional(),
  image_url: webUrl('image_url').optional(),
  /** Not one of the spec's columns: a product page of its own, when the owner has one. */
  url: webUrl('url').optional(),
});

/** A product's handle as Shopify makes it: lower case, words joined by hyphens. */
export function handleOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'product'
  );
}

export interface ParsedCatalogue {
  items: SourceItem[];
  rejected: RejectedRow[];
  rejectedCount: number;
}

/**
 * Reads a catalogue CSV as it streams in (csv-parse): a header row naming the columns (any order and
 * case, `name` required, unknown columns ignored), then one product a row. A row with a bad value is
 * left out and reported by its line and column; the good rows are imported. A product's page is its
 * `url` when given, else the shop's /products/<handle>.
 */
export async function parseCatalogue(input: Readable, shopUrl: string): Promise<ParsedCatalogue> {
  const rejected: RejectedRow[] = [];
  let rejectedCount = 0;
  const reject = (row: RejectedRow) => {
    rejectedCount++;
    if (rejected.length < REJECTED_LISTED) rejected.push(row);
  };
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim().toLowerCase());
      if (!names.includes('name'))
        throw new CatalogueFileError(
          `The CSV file has no "name" column. Its first row must name the columns: ${CATALOGUE_COLUMNS.join(', ')}.`,
        );
      return names;
    },
    skip_empty_lines: true,
    relax_column_count: true,
    // Spreadsheet exports are not always strict about quotes inside a value.
    relax_quotes: true,
    max_record_size: MAX_RECORD_BYTES,
    info: true,
    skip_records_with_error: true,
  });
  parser.on('skip', (err: CsvError) => {
    reject({ row: Number(err.lines) || 0, column: '*', message: `The row could not be read: ${err.message}` });
  });
  // pipeline, not pipe: an input that failed before it was handed over (an upload cut off while
  // the owner's plan was checked) fails the parser too, instead of leaving it waiting.
  pipeline(input, parser, () => undefined);

  const items: SourceItem[] = [];
  const handles = new Set<string>();
  const shop = shopUrl.replace(/\/+$/, '');
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (items.length + rejectedCount >= CATALOGUE_MAX_ROWS)
        throw new CatalogueFileError(
          `The CSV file has more than ${CATALOGUE_MAX_ROWS.toLocaleString('en-US')} products. Split it into smaller files.`,
          413,
        );
      // Trimmed here: csv-parse's own trim gives up on the rest of the file after a stray quote.
      const blanksOmitted = Object.fromEntries(
        Object.entries(record)
          .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
          .filter(([, v]) => v !== '' && v !== undefined),
      );
      const unsafe = findUnsafeText(blanksOmitted);
      if (unsafe) {
        reject({
          row: info.lines,
          column: String(unsafe[0] ?? '*'),
          message: 'contains characters that are not text (a NUL byte or a broken character)',
        });
        continue;
      }
      const row = rowSchema.safeParse(blanksOmitted);
      if (!row.success) {
        for (const issue of row.error.issues)
          reject({ row: info.lines, column: String(issue.path[0] ?? '*'), message: issue.message });
        continue;
      }
      const { name, description = '', price, category, image_url, url } = row.data;
      let handle = handleOf(name);
      for (let n = 2; handles.has(handle); n++) handle = `${handleOf(name)}-${n}`;
      handles.add(handle);
      items.push({
        key: handle,
        fingerprint: {},
        document: {
          id: `csv-${handle}`,
          url: url ?? `${shop}/products/${handle}`,
          title: name,
          description: description.slice(0, 1_000),
          headings: category ? [category] : [],
          body: description,
          ...(price !== undefined ? { price } : {}),
          ...(image_url ? { imageUrl: image_url } : {}),
        },
      });
    }
  } catch (err) {
    if (err instanceof CatalogueFileError) throw err;
    const csv = err as CsvError & { code?: string };
    if (csv.code === 'CSV_INVALID_CLOSING_QUOTE' || csv.code?.startsWith('CSV_'))
      throw new CatalogueFileError(`The CSV file could not be read: ${csv.message}`);
    throw err;
  }
  return { items, rejected, rejectedCount };
}
