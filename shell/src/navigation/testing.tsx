// For the shell's tests: the dashboard as the product's deployed remotes declare it.
import type { ComponentType, ReactNode } from 'react';
import type { RemoteDeclaration, RemoteDefinition } from '@sniff/shell-sdk';
import analytics from '../../../mfe-analytics/src/declaration';
import billing from '../../../mfe-billing/src/declaration';
import marketing from '../../../mfe-marketing/src/declaration';
import stores from '../../../mfe-stores/src/declaration';
import wizard from '../../../mfe-wizard/src/declaration';
import { SHELL_DECLARATION } from '../overview/declaration';
import type { DeclarationResult } from '../remotes/declarations';
import type { RemoteLoader } from '../remotes/loader';
import { buildNavigation } from './navigation';
import { NavigationContext } from './NavigationProvider';

/** remotes.json's names with each remote's declaration. */
export const PRODUCT_DECLARATIONS: Record<string, RemoteDeclaration> = {
  mfe_marketing: marketing,
  mfe_wizard: wizard,
  mfe_stores: stores,
  mfe_analytics: analytics,
  mfe_billing: billing,
};

export const productResults = (): DeclarationResult[] =>
  Object.entries(PRODUCT_DECLARATIONS).map(([remote, declaration]) => ({ remote, declaration }));

export const PRODUCT_NAVIGATION = buildNavigation(SHELL_DECLARATION, productResults());

/** A fixed navigation (no fetching), for components under test. */
export function WithProductNavigation({ children }: { children: ReactNode }) {
  return (
    <NavigationContext.Provider value={{ navigation: PRODUCT_NAVIGATION, retry: () => undefined }}>
      {children}
    </NavigationContext.Provider>
  );
}

/** A remote's code as the loader gives it: every declared page renders `<p>{title} page</p>` unless given. */
export function definitionOf(
  declaration: RemoteDeclaration,
  pages: Record<string, ComponentType> = {},
): RemoteDefinition {
  const all = Object.fromEntries(
    declaration.routes.map((r) => [r.path, pages[r.path] ?? (() => <p>{`${r.title} page`}</p>)]),
  );
  return { id: declaration.id, declaration, pages: all, apis: [], slices: [] };
}

/** A loader over the product's declarations; `load` decides what each remote's code gives. */
export function fakeLoader(
  load: (name: string) => Promise<RemoteDefinition> = async (name) => definitionOf(PRODUCT_DECLARATIONS[name]!),
  results: () => Promise<DeclarationResult[]> = async () => productResults(),
): RemoteLoader {
  return Object.assign(load, { declarations: results });
}
