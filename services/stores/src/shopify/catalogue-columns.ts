import { z } from 'zod';
import { type CatalogueFormat, type CatalogueSink, type RecordLines, priceText, webUrl } from './catalogue-format';

/** One catalogue row; `price` may carry a currency sign and a decimal comma ("$19.99", "19,99"). */
const rowSchema = z.object({
  name: z.string({ error: 'name is empty' }).min(1, 'name is empty').max(300, 'name is longer than 300 characters'),
  description: z.string().max(5_000, 'description is longer than 5,000 characters').optional(),
  price: priceText('price').optional(),
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

/**
 * Sniff's own catalogue (spec section 5): columns name, description, price, category, image_url in any
 * order and case (`name` required, unknown columns ignored), one product a row. A row with a bad value
 * is left out and reported by its line and column. A product's page is its `url` when given, else the
 * shop's /products/<handle>, the handle made from its name.
 */
export class CatalogueColumns implements CatalogueFormat {
  private readonly handles = new Set<string>();

  constructor(
    readonly columns: string[],
    private readonly shop: string,
    private readonly sink: CatalogueSink,
  ) {}

  row(values: Record<string, string>, { last: line }: RecordLines): void {
    const { sink } = this;
    sink.makeRoom(sink.items.length);
    if (sink.leftOutUnsafe(values, line)) return;
    const row = rowSchema.safeParse(values);
    if (!row.success) {
      for (const issue of row.error.issues)
        sink.reject({ row: line, column: String(issue.path[0] ?? '*'), message: issue.message });
      return;
    }
    const { name, description = '', price, category, image_url, url } = row.data;
    let handle = handleOf(name);
    for (let n = 2; this.handles.has(handle); n++) handle = `${handleOf(name)}-${n}`;
    this.handles.add(handle);
    sink.items.push({
      key: handle,
      fingerprint: {},
      document: {
        id: `csv-${handle}`,
        url: url ?? `${this.shop}/products/${handle}`,
        title: name,
        description: description.slice(0, 1_000),
        headings: category ? [category] : [],
        body: description,
        ...(price !== undefined ? { price } : {}),
        ...(image_url ? { imageUrl: image_url } : {}),
      },
    });
  }

  end(): void {}
}
