import type { IndexDocument } from '@sniff/contracts';

/** A small site used by the engine and service tests. */
export const SITE_DOCUMENTS: IndexDocument[] = [
  {
    id: 'pricing',
    url: 'https://shop.example/pricing',
    title: 'Pricing',
    description: 'Plans and prices for every team size',
    headings: ['Starter plan', 'Business plan'],
    body: 'Compare our plans. Monthly or yearly billing. Cancel anytime.',
  },
  {
    id: 'about',
    url: 'https://shop.example/about',
    title: 'About us',
    description: 'Who we are and why we build tools',
    headings: ['Our story'],
    body: 'We started in a small café in Lisbon. Our pricing is simple and fair.',
  },
  {
    id: 'cafe',
    url: 'https://shop.example/cafe',
    title: 'Café menu',
    description: 'Coffee, tea and pastries served all day',
    headings: ['Drinks', 'Pastries'],
    body: 'Espresso, flat white, croissant. Our café opens at seven.',
    price: 4.5,
    imageUrl: 'https://shop.example/cafe.png',
  },
  {
    id: 'shipping',
    url: 'https://shop.example/shipping',
    title: 'Shipping and returns',
    description: 'Free shipping on orders over 50 euros',
    headings: ['Returns policy'],
    body: 'Orders ship within two business days. Returns are accepted for thirty days.',
  },
  {
    id: 'blog-coffee',
    url: 'https://shop.example/blog/brewing-coffee',
    title: 'How to brew better coffee at home',
    description: 'A guide to grinders, water and patience',
    headings: ['Grind size', 'Water temperature'],
    body: 'Good coffee starts with fresh beans. The pricing of grinders varies widely.',
  },
];

/** A small furniture and clothing shop (semantic recall's tests): no page says "couch" or "kids". */
export const SHOP_DOCUMENTS: IndexDocument[] = [
  ['sofa', 'Three-seat leather sofa', 'Deep and soft, in brown leather'],
  ['coach', 'Coach travel bag', 'A weekend bag in waxed canvas'],
  ['jacket', "Children's rain jacket", 'Waterproof, with a hood, ages 4 to 10'],
  ['table', 'Oak dining table', 'Seats six, solid oak'],
  ['lamp', 'Brass floor lamp', 'Warm light for reading'],
].map(([id, title, description]) => ({
  id,
  url: `https://shop.example/${id}`,
  title,
  description,
  headings: [],
  body: '',
}));
