/** @jest-environment jsdom */
import { fireEvent, screen, within } from '@testing-library/react';
import { renderPage } from '@sniff/shell-sdk/testing';
import { InstallationGuidePage } from './InstallationGuidePage';

test('Squarespace is the default tab; Shopify and the custom website section have steps and a snippet', () => {
  renderPage(<InstallationGuidePage />);
  const tablist = screen.getByRole('tablist', { name: 'Platform' });
  const [squarespace, shopify] = within(tablist).getAllByRole('tab');
  expect(squarespace!.textContent).toBe('Squarespace');
  expect(squarespace!.getAttribute('aria-selected')).toBe('true');
  const code = screen.getByLabelText('Squarespace embed code');
  expect(code.textContent).toContain('data-store-id="YOUR_STORE_ID"');
  expect(code.textContent).toContain('https://widget.test/widget/embed.js');
  expect(
    screen.getByText(/read-only access to Products\. Stock levels come with the products: no Orders or Inventory/),
  ).toBeTruthy();
  expect(screen.queryByText(/fulfilment/)).toBeNull();

  fireEvent.click(shopify!);
  expect(shopify!.getAttribute('aria-selected')).toBe('true');
  expect(screen.getByText(/upload the CSV file/)).toBeTruthy();
  expect(screen.getByLabelText('Shopify embed code').textContent).toContain('data-import-method="csv"');
  fireEvent.click(screen.getByRole('tab', { name: 'OAuth2' }));
  expect(screen.getByText(/Press Connect with Shopify/)).toBeTruthy();
  expect(screen.getByLabelText('Shopify embed code').textContent).toContain('data-auth-method="oauth2"');

  expect(
    screen.getByText(
      'A new widget answers only on its store’s own site: if you place it on another domain, add that domain under Manage > Search tuning > Allowed sites.',
    ),
  ).toBeTruthy();

  const custom = screen.getByRole('region', { name: 'Custom website' });
  expect(within(custom).getAllByRole('listitem').length).toBeGreaterThan(2);
  expect(within(custom).getByLabelText('Custom website embed code').textContent).toContain('saas-embed.js');
  expect(within(custom).getByRole('button', { name: 'Copy Code' })).toBeTruthy();
});
