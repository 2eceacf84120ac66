import type { Entitlements, Platform } from '@sniff/contracts';

export type WizardPlatform =
  'custom' | 'squarespace' | 'shopify' | 'woocommerce' | 'shopware' | 'magento' | 'bigcommerce';

export interface PlatformTile {
  id: WizardPlatform;
  name: string;
  description: string;
  available: boolean;
}

export const PLATFORM_TILES: PlatformTile[] = [
  {
    id: 'custom',
    name: 'SaaS / Self-hosted Business Website',
    description: 'Any website: we discover your pages and index them.',
    available: true,
  },
  {
    id: 'squarespace',
    name: 'Squarespace',
    description: 'Products, blogs and portfolios through a developer API key.',
    available: true,
  },
  {
    id: 'shopify',
    name: 'Shopify',
    description: 'Upload your product catalogue (CSV) or connect your shop with Shopify.',
    available: true,
  },
  { id: 'woocommerce', name: 'WooCommerce', description: '', available: false },
  { id: 'shopware', name: 'Shopware', description: '', available: false },
  { id: 'magento', name: 'Magento', description: '', available: false },
  { id: 'bigcommerce', name: 'BigCommerce', description: '', available: false },
];

export const STEPS = ['Select Platform', 'Store Info', 'Connect Store', 'Setup Widget'] as const;

/** A custom website needs no plan; the other platforms need one that covers them. */
export const isEntitled = (entitlements: Entitlements, id: Platform) =>
  id === 'custom' || entitlements.platforms.includes(id);
