// Helpers for the wizard's tests (imported by *.test.tsx only).
import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { widgetSettingsSchema, type PlanEntry } from '@sniff/contracts';

export const SQUARESPACE_PLANS: PlanEntry[] = [{ plan: 'squarespace_basic_monthly', platform: 'squarespace' }];
export const SHOPIFY_PLANS: PlanEntry[] = [{ plan: 'starter', platform: 'shopify' }];

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Step 1 -> step 2 on `tile` (its accessible name starts with it). */
export function chooseTile(tile: 'Squarespace' | 'Shopify') {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${tile}`) }));
  fireEvent.click(button('Next'));
}

export function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The query string the wizard leaves in the URL. */
export function SearchProbe() {
  return <div data-testid="search">{useLocation().search}</div>;
}

/** The stores service's widget-settings PUT for `storeId`: keeps what it is sent, counting versions. */
export function widgetSettingsRoute(storeId: string) {
  let version = 0;
  return {
    [`stores/stores/${storeId}/widget-settings`]: (body: Record<string, unknown>) => {
      const { email: _email, ...settings } = body;
      version += 1;
      return { body: { settings: widgetSettingsSchema.parse(settings), version } };
    },
  };
}
