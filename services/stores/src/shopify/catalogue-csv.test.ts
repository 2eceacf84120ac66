import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CatalogueFileError, handleOf, parseCatalogue } from './catalogue-csv';

const SHOP = 'https://sniff-demo.myshopify.com';
const csv = (text: string) => Readable.from([Buffer.from(text)]);

describe('parseCatalogue', () => {
  it('imports good rows and reports each bad one by its line and column', async () => {
    const file = [
      'Name,Description,Price,Category,Image_URL',
      'Trail Running Shoes,"Light, grippy shoes",129.00,Footwear,https://cdn.example/shoes.png',
      ',No name here,10,Misc,',
      'Merino Wool Beanie,Warm,abc,Hats,',
      'Camp Mug,"Enamel mug",$12.50,Kitchen,javascript:alert(1)',
      'Camp Mug,Second mug,"9,99",Kitchen,',
    ].join('\n');
    const { items, rejected, rejectedCount } = await parseCatalogue(csv(file), SHOP);
    expect(items.map((i) => [i.document.title, i.document.price, i.document.url])).toEqual([
      ['Trail Running Shoes', 129, `${SHOP}/products/trail-running-shoes`],
      ['Camp Mug', 9.99, `${SHOP}/products/camp-mug`],
    ]);
    expect(items[0]!.document).toMatchObject({ imageUrl: 'https://cdn.example/shoes.png', headings: ['Footwear'] });
    expect(rejected).toEqual([
      { row: 3, column: 'name', message: 'name is empty' },
      { row: 4, column: 'price', message: 'price must be a number such as 19.99' },
      { row: 5, column: 'image_url', message: 'image_url must be an absolute http(s) URL' },
    ]);
    expect(rejectedCount).toBe(3);
  });

  it('gives two products of one name two handles', async () => {
    const { items } = await parseCatalogue(csv('name\nMug\nMug\n'), SHOP);
    expect(items.map((i) => i.key)).toEqual(['mug', 'mug-2']);
  });

  it('refuses a file that is neither format, naming the columns each needs', async () => {
    await expect(parseCatalogue(csv('title,price\nA,1\n'), SHOP)).rejects.toThrow(
      'The CSV file has no "name" column and no "Handle" column. Its first row must name the columns: name, description, price, category, image_url; ' +
        "or upload Shopify's product export as it is (Handle, Title, Body (HTML), Variant Price, ...).",
    );
    await expect(parseCatalogue(csv('Handle,Variant Price\ntee,1\n'), SHOP)).rejects.toThrow(
      'The CSV file has a "Handle" column but no "Title" column.',
    );
  });

  it('reports what it cannot read (a quote never closed) and keeps the rows before it', async () => {
    const file = 'name,price\nGood,1\n"Quoted"oddly,2\nAlso good,3\n"Unclosed,4\n';
    const { items, rejected } = await parseCatalogue(csv(file), SHOP);
    expect(items.map((i) => i.document.title)).toEqual(['Good', '"Quoted"oddly', 'Also good']);
    expect(rejected).toEqual([
      { row: 5, column: '*', message: expect.stringMatching(/could not be read: Quote Not Closed/) },
    ]);
  });

  it('is a file error, not a crash, when the whole file is not CSV', async () => {
    const err = await parseCatalogue(csv('\u0000\u0001binary'), SHOP).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CatalogueFileError);
  });

  it('makes handles as Shopify does', () => {
    expect(handleOf('  Café Crème — 250 g! ')).toBe('cafe-creme-250-g');
    expect(handleOf('!!!')).toBe('product');
  });
});

describe("parseCatalogue, Shopify admin's product export as it is", () => {
  const CDN = 'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/';
  const HEADER = 'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Value,Variant Price,Image Src,Status';

  it('makes one product per Handle: text from the HTML, lowest price with the range, first image; lists the skipped', async () => {
    const file = createReadStream(join(__dirname, '../testing/shopify-products-export.csv'));
    const { items, rejected, rejectedCount } = await parseCatalogue(file, SHOP);
    expect(items.map((i) => i.document)).toEqual([
      {
        id: 'csv-classic-organic-tee',
        url: `${SHOP}/products/classic-organic-tee`,
        title: 'Classic Organic Tee',
        description:
          '24.00 – 28.50 · Our softest tee, in 100% organic cotton & a touch of linen — cut for everyday wear. Pre-shrunk Machine wash cold',
        headings: ['T-Shirt', 'T-Shirts', 'Linen & Loom', 'cotton', 'organic', 'summer'],
        body: 'Our softest tee, in 100% organic cotton & a touch of linen — cut for everyday wear. Pre-shrunk Machine wash cold',
        price: 24,
        imageUrl: `${CDN}tee-front.jpg?v=1712345678`,
      },
      expect.objectContaining({
        title: 'Oak Serving Board, Large',
        description:
          'Hand-finished oak A board for bread, cheese and "everything else", 40 x 20 cm. Oiled with food-safe linseed.',
        price: 54,
        url: `${SHOP}/products/oak-serving-board`,
      }),
      // Both colours cost the same: a price, no range.
      expect.objectContaining({
        title: 'Stoneware Mug',
        description: 'Speckled stoneware mug, 350 ml. Dishwasher & microwave safe.',
        price: 18,
        imageUrl: `${CDN}mug-sand.jpg?v=1712345710`,
      }),
    ]);
    expect(items.map((i) => i.key)).toEqual(['classic-organic-tee', 'oak-serving-board', 'stoneware-mug']);
    // Each skipped product once, at the line its product row starts on.
    expect(rejected).toEqual([
      { row: 14, column: 'Status', message: '"Linen Apron" is a draft in Shopify, so it is not searchable' },
      { row: 16, column: 'Status', message: '"Wool Winter Scarf" is archived in Shopify, so it is not searchable' },
      {
        row: 19,
        column: 'Published',
        message: '"Wholesale Tote Bag" is not published to the online store, so it is not searchable',
      },
    ]);
    expect(rejectedCount).toBe(3);
  });

  it('imports an export whose rows were re-sorted, and reports bad variant rows without losing the product', async () => {
    const file = [
      HEADER.toLowerCase(),
      `mug,,,,,,,Slate,abc,${CDN}slate.jpg,`,
      `tee,Tee,<p>Soft</p>,Loom,Shirt,,TRUE,S,20,javascript:alert(1),active`,
      `mug,Mug,,,,,,Sand,"9,50",,`,
      `tee,,,,,,,M,22,${CDN}tee.jpg,`,
      ',,,,,,,,,,',
      `,,,,,,,L,23,,`,
      `orphan,,,,,,,,5,,`,
      `bare,Bare,,,,,,A,1,,`,
      `bare,,,,,,,B,2,,`,
    ].join('\n');
    const { items, rejected } = await parseCatalogue(csv(file), SHOP);
    expect(items.map((i) => [i.document.title, i.document.price, i.document.description, i.document.imageUrl])).toEqual(
      [
        ['Mug', 9.5, '', `${CDN}slate.jpg`],
        ['Tee', 20, '20.00 – 22.00 · Soft', `${CDN}tee.jpg`],
        ['Bare', 1, '1.00 – 2.00', undefined],
      ],
    );
    expect(rejected).toEqual([
      { row: 2, column: 'variant price', message: 'Variant Price must be a number such as 19.99' },
      { row: 3, column: 'image src', message: 'Image Src must be an absolute http(s) URL' },
      { row: 7, column: 'handle', message: 'Handle is empty' },
      { row: 8, column: 'title', message: 'Title is empty on every row of the product "orphan"' },
    ]);
  });

  it('keeps the five-column format when a file has a name column', async () => {
    const { items } = await parseCatalogue(csv('name,Handle,price\nMug,ignored,3\n'), SHOP);
    expect(items.map((i) => [i.key, i.document.price])).toEqual([['mug', 3]]);
  });
});
