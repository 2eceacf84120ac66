import { shopifyCheckStoreRequestSchema, shopifyStoreUrl } from './index';

describe('Shopify store name to host (section 5)', () => {
  it.each([
    ['My Shop', 'https://my-shop.myshopify.com'],
    ['  Café Ünïque Store! ', 'https://caf-nque-store.myshopify.com'],
    ['https://Cool-Shop.myshopify.com/', 'https://cool-shop.myshopify.com'],
    ['cool-shop.myshopify.com', 'https://cool-shop.myshopify.com'],
    ['http://shop123.myshopify.com/products/x', 'https://shop123.myshopify.com'],
  ])('%j becomes %s', (name, url) => {
    expect(shopifyStoreUrl(name)).toEqual({ url });
  });

  it('asks for a name first, and refuses a name with nothing usable, with the spec texts', () => {
    expect(shopifyStoreUrl('   ')).toEqual({ error: 'Please enter your Shopify store name first' });
    expect(shopifyStoreUrl('!!! ***')).toEqual({ error: 'Invalid Shopify Store Name for URL generation.' });
  });

  it('reads check-store payloads through the same rule', () => {
    expect(shopifyCheckStoreRequestSchema.parse({ email: 'a@b.c', store_url: 'My Shop' }).store_url).toBe(
      'https://my-shop.myshopify.com',
    );
    const bad = shopifyCheckStoreRequestSchema.safeParse({ email: 'a@b.c', store_url: '%%%' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Invalid Shopify Store Name for URL generation.');
  });
});
