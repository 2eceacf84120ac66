import type { Injectable, RemoteDefinition } from '@sniff/shell-sdk';
import { createRemoteLoader } from './loader';

// The federation runtime is the boundary: each test says what a remote's "./remote" module exports.
let exported: unknown;
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: async () => ({ default: exported }),
}));

const declaration = {
  id: 'mfe-reports',
  routes: [{ path: 'reports', title: 'Reports' }],
  sidebar: [],
  links: [],
};
const api: Injectable = { reducerPath: 'reportsApi', reducer: (s: unknown = {}) => s };
const slice: Injectable = { reducerPath: 'reportsFilters', reducer: (s: unknown = {}) => s };
const definition = (change: Partial<RemoteDefinition> = {}): RemoteDefinition => ({
  id: 'mfe-reports',
  declaration,
  pages: { reports: () => null },
  apis: [api],
  slices: [slice],
  ...change,
});
const manifest = { remotes: [{ name: 'mfe_reports', entry: '/remotes/mfe-reports/mf-manifest.json' }] };

function loaderWith(published: Partial<RemoteDefinition['declaration']> = declaration) {
  const injected: string[] = [];
  const load = createRemoteLoader(
    manifest,
    (part) => injected.push(part.reducerPath),
    async (remote) => ({ remote, declaration: { ...declaration, ...published } }),
  );
  return { load, injected };
}

describe('remote loader', () => {
  it("injects a remote's APIs and slices when its code loads, not before", async () => {
    exported = definition();
    const { load, injected } = loaderWith();
    await load.declarations();
    expect(injected).toEqual([]);
    await load('mfe_reports');
    expect(injected).toEqual(['reportsApi', 'reportsFilters']);
  });

  it('refuses code whose pages do not match its declaration, and injects nothing', async () => {
    exported = definition({ pages: { report: () => null } });
    const { load, injected } = loaderWith();
    await expect(load('mfe_reports')).rejects.toThrow(
      'mfe_reports has no page for "reports" and has undeclared pages "report"',
    );
    expect(injected).toEqual([]);
  });

  it('refuses code from another build than the declaration.json the dashboard was built from', async () => {
    exported = definition();
    const { load } = loaderWith({
      routes: [
        { path: 'reports', title: 'Reports' },
        { path: 'weekly', title: 'Weekly' },
      ],
    });
    await load.declarations();
    await expect(load('mfe_reports')).rejects.toThrow('does not match its declaration.json');
  });

  it('refuses a module that is no remote definition (an entry from before declarations)', async () => {
    exported = { id: 'mfe-reports', pages: { reports: () => null } };
    const { load } = loaderWith();
    await expect(load('mfe_reports')).rejects.toThrow('mfe_reports did not export a remote definition');
  });
});
