import type { IndexDocument } from '@sniff/contracts';
import { htmlToText } from '../ingestion/html-text';
import {
  CatalogueFileError,
  type CatalogueFormat,
  type CatalogueSink,
  type RecordLines,
  priceText,
  webUrl,
} from './catalogue-format';

/** The columns of Shopify admin's product export that make a product's search result. */
export const SHOPIFY_EXPORT_COLUMNS = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  category: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  price: 'Variant Price',
  image: 'Image Src',
  seoDescription: 'SEO Description',
  status: 'Status',
} as const;
type Field = keyof typeof SHOPIFY_EXPORT_COLUMNS;

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 1_000;
const MAX_BODY = 5_000;

/** A product while its rows come in: the product row, then a row per further variant or image. */
interface Product {
  handle: string;
  document?: IndexDocument;
  /** Skipped or left out: its further rows are not read. */
  out?: true;
  firstLine: number;
  low?: number;
  high?: number;
  imageUrl?: string;
}

const price = (value: number) => value.toFixed(2);

/**
 * Shopify admin's product export, as it is: one row per variant, the rows of a product sharing its
 * Handle; the first carries the product (Title, Body (HTML), Vendor, Type, Tags, Status), the others
 * only variant and image columns. Each Handle becomes one product at the shop's /products/<handle>:
 * its text from Body (HTML) (never kept as HTML), its price the lowest variant price (as Shopify's
 * Admin API source takes it) with the range, when the variants differ, at the start of its description
 * ("19.99 – 24.99 · ", as "Sold out · " is shown), its image the first Image Src. Drafts, archived
 * products and products not published to the online store are skipped and listed with the reason.
 * Rows are read as they stream in, each product held once (a map by handle), so a sorted or re-ordered
 * export imports the same.
 */
export class ShopifyExport implements CatalogueFormat {
  private readonly products = new Map<string, Product>();
  /** The header as the file writes it, by the field it holds. */
  private readonly col: Partial<Record<Field, string>>;
  private readonly imageUrl = webUrl(SHOPIFY_EXPORT_COLUMNS.image);
  private readonly variantPrice = priceText(SHOPIFY_EXPORT_COLUMNS.price);

  constructor(
    readonly columns: string[],
    private readonly shop: string,
    private readonly sink: CatalogueSink,
  ) {
    const byName = new Map(columns.map((c) => [c.toLowerCase(), c]));
    this.col = Object.fromEntries(
      Object.entries(SHOPIFY_EXPORT_COLUMNS)
        .map(([field, name]) => [field, byName.get(name.toLowerCase())])
        .filter(([, header]) => header !== undefined),
    );
    if (!this.col.title)
      throw new CatalogueFileError(
        'The CSV file has a "Handle" column but no "Title" column. Upload the product export from Shopify admin as it is, or a catalogue with the columns name, description, price, category, image_url.',
      );
  }

  /** Header rows name the columns in any case; the export's own spelling is kept for reports. */
  static reads(header: string[]): boolean {
    return header.some((h) => h.toLowerCase() === SHOPIFY_EXPORT_COLUMNS.handle.toLowerCase());
  }

  private value(values: Record<string, string>, field: Field): string | undefined {
    const header = this.col[field];
    return header === undefined ? undefined : values[header];
  }

  row(values: Record<string, string>, { first: line }: RecordLines): void {
    const { sink } = this;
    const field = (f: Field) => this.value(values, f);
    const rawHandle = field('handle');
    if (!rawHandle) {
      // A spreadsheet's trailing rows of empty cells are not products.
      if (Object.keys(values).length) sink.reject({ row: line, column: this.col.handle!, message: 'Handle is empty' });
      return;
    }
    const handle = rawHandle.toLowerCase();
    let product = this.products.get(handle);
    if (!product) {
      sink.makeRoom(this.products.size);
      product = { handle, firstLine: line };
      this.products.set(handle, product);
    }
    if (product.out) return;
    const title = field('title');
    if (sink.leftOutUnsafe(values, line)) {
      if (title) product.out = true;
      return;
    }
    if (title && !product.document) {
      const skipped = this.skipReason(values, title);
      if (skipped) {
        sink.reject({ row: line, ...skipped });
        product.out = true;
        return;
      }
      product.document = this.document(values, handle, title);
    }
    const variantPrice = field('price');
    if (variantPrice) {
      const parsed = this.variantPrice.safeParse(variantPrice);
      if (parsed.success) {
        product.low = Math.min(product.low ?? parsed.data, parsed.data);
        product.high = Math.max(product.high ?? parsed.data, parsed.data);
      } else sink.reject({ row: line, column: this.col.price!, message: parsed.error.issues[0]!.message });
    }
    const image = field('image');
    if (image && !product.imageUrl) {
      const parsed = this.imageUrl.safeParse(image);
      if (parsed.success) product.imageUrl = parsed.data;
      else sink.reject({ row: line, column: this.col.image!, message: parsed.error.issues[0]!.message });
    }
  }

  /** Why a product is not made searchable: Shopify's own rule for what shoppers see. */
  private skipReason(values: Record<string, string>, title: string): { column: string; message: string } | null {
    const status = this.value(values, 'status')?.toLowerCase();
    if (status && status !== 'active')
      return {
        column: this.col.status!,
        message:
          status === 'draft' || status === 'archived'
            ? `"${title}" is ${status === 'draft' ? 'a draft' : 'archived'} in Shopify, so it is not searchable`
            : `"${title}" has the status "${status}" in Shopify, so it is not searchable`,
      };
    if (this.value(values, 'published')?.toLowerCase() === 'false')
      return {
        column: this.col.published!,
        message: `"${title}" is not published to the online store, so it is not searchable`,
      };
    return null;
  }

  private document(values: Record<string, string>, handle: string, title: string): IndexDocument {
    const field = (f: Field) => this.value(values, f);
    const text = (htmlToText(field('body') ?? '') || htmlToText(field('seoDescription') ?? '')).slice(0, MAX_BODY);
    // "Apparel & Accessories > Clothing > Shirts": the last step names what it is.
    const category = field('category')?.split('>').pop()?.trim();
    const tags = (field('tags') ?? '').split(',').map((t) => t.trim());
    return {
      id: `csv-${handle}`,
      url: `${this.shop}/products/${encodeURIComponent(handle)}`,
      title: title.slice(0, MAX_TITLE),
      description: text.slice(0, MAX_DESCRIPTION),
      headings: [...new Set([field('type'), category, field('vendor'), ...tags].filter((h): h is string => !!h))].slice(
        0,
        20,
      ),
      body: text,
    };
  }

  end(): void {
    for (const p of this.products.values()) {
      if (p.out) continue;
      if (!p.document) {
        this.sink.reject({
          row: p.firstLine,
          column: this.col.title!,
          message: `Title is empty on every row of the product "${p.handle}"`,
        });
        continue;
      }
      const { document } = p;
      if (p.low !== undefined) {
        document.price = p.low;
        if (p.high! > p.low) {
          const range = `${price(p.low)} – ${price(p.high!)}`;
          document.description = (document.description ? `${range} · ${document.description}` : range).slice(
            0,
            MAX_DESCRIPTION,
          );
        }
      }
      if (p.imageUrl) document.imageUrl = p.imageUrl;
      this.sink.items.push({ key: p.handle, fingerprint: {}, document });
    }
  }
}
