import { z } from 'zod';
import { CATALOGUE_MAX_ROWS, findUnsafeText, type RejectedRow } from '@sniff/contracts';
import type { SourceItem } from '../sync/source';

/** Rejected rows listed back to the owner; the count covers all. */
export const REJECTED_LISTED = 100;

/** The file itself cannot be imported (no name column, too many rows, not text): a 4xx, nothing created. */
export class CatalogueFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** Where a record sits in the file: its first and last line (a quoted value may hold line breaks). */
export interface RecordLines {
  first: number;
  last: number;
}

/** One way of writing a catalogue (Sniff's columns, Shopify's product export), chosen by the header row. */
export interface CatalogueFormat {
  /** The record's keys: the header row as this format reads it. */
  readonly columns: string[];
  /** One record, values trimmed and blank ones left out. */
  row(values: Record<string, string>, lines: RecordLines): void;
  /** After the last record. */
  end(): void;
}

/** What the file gave: its products, and the rows left out with why. */
export class CatalogueSink {
  readonly items: SourceItem[] = [];
  readonly rejected: RejectedRow[] = [];
  rejectedCount = 0;

  reject(row: RejectedRow): void {
    this.rejectedCount++;
    if (this.rejected.length < REJECTED_LISTED) this.rejected.push(row);
  }

  /** Before one more product: a file past the row limit is refused whole (413), not cut short. */
  makeRoom(products: number): void {
    if (products + this.rejectedCount >= CATALOGUE_MAX_ROWS)
      throw new CatalogueFileError(
        `The CSV file has more than ${CATALOGUE_MAX_ROWS.toLocaleString('en-US')} products. Split it into smaller files.`,
        413,
      );
  }

  /** Leaves out a row holding what Postgres cannot store as text; true when it did. */
  leftOutUnsafe(values: Record<string, string>, row: number): boolean {
    const unsafe = findUnsafeText(values);
    if (!unsafe) return false;
    this.reject({
      row,
      column: String(unsafe[0] ?? '*'),
      message: 'contains characters that are not text (a NUL byte or a broken character)',
    });
    return true;
  }
}

export const webUrl = (column: string) =>
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

/** A price as owners and spreadsheets write it: a currency sign and a decimal comma may come with it ("$19.99", "19,99"). */
export const priceText = (column: string) =>
  z
    .string()
    .regex(/^[$€£¥]?\s*\d{1,9}([.,]\d{1,2})?$/, `${column} must be a number such as 19.99`)
    .transform((v) => Number(v.replace(/^[$€£¥]\s*/, '').replace(',', '.')));
