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

  it('refuses a file without a name column, naming the columns it needs', async () => {
    await expect(parseCatalogue(csv('title,price\nA,1\n'), SHOP)).rejects.toThrow(
      'The CSV file has no "name" column. Its first row must name the columns: name, description, price, category, image_url.',
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
