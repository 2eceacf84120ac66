import type { Injectable, RemoteDefinition } from '@sniff/shell-sdk';
import { createRemoteLoader } from './loader';

// The federation runtime is the boundary: each test says what a remote's "./remote" module exports.
let exported: unknown;
let codeLoads = 0;
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: () => undefined,
  loadRemote: async () => {
    codeLoads++;
    return { default: exported };
  },
  getInstance: () => undefined,
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
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

/** What the shell under test provides (the shell of 2026-11: React 19.3, the router 7.18). */
const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router-dom': '7.18.5' };

function loaderWith(published: Partial<RemoteDefinition['declaration']> = declaration, provided = SHELL) {
  const injected: string[] = [];
  const load = createRemoteLoader(
    manifest,
    (part) => injected.push(part.reducerPath),
    async (remote) => ({ remote, declaration: { ...declaration, ...published } }),
    () => provided,
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

  it("loads a remote built against older shared versions than the shell's, within their ranges", async () => {
    exported = definition();
    const { load, injected } = loaderWith({ requires: { react: '^19.1.0', 'react-router-dom': '^7.6.0' } });
    await load.declarations();
    await load('mfe_reports');
    expect(injected).toEqual(['reportsApi', 'reportsFilters']);
  });

  it('refuses a remote built for newer shared versions than an older shell provides, before its code loads', async () => {
    exported = definition();
    codeLoads = 0;
    const olderShell = { react: '19.1.0', 'react-dom': '19.1.0', 'react-router-dom': '7.6.0' };
    const { load, injected } = loaderWith(
      { requires: { react: '^19.3.0', 'react-router-dom': '^7.6.0', zod: '^4.6.7' } },
      olderShell,
    );
    await load.declarations();
    await expect(load('mfe_reports')).rejects.toThrow(
      'mfe_reports needs react ^19.3.0 (this dashboard has 19.1.0), zod ^4.6.7 (this dashboard does not provide it)',
    );
    expect({ codeLoads, injected }).toEqual({ codeLoads: 0, injected: [] });
  });

  it('refuses a remote built for the next major version of a shared library', async () => {
    exported = definition();
    const { load } = loaderWith({ requires: { react: '^20.0.0' } });
    await load.declarations();
    await expect(load('mfe_reports')).rejects.toThrow('mfe_reports needs react ^20.0.0 (this dashboard has 19.3.1)');
  });
});
