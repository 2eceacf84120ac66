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

  describe('a newer /remotes.json (the registry switched a version)', () => {
    const moved = { remotes: [{ name: 'mfe_reports', entry: '/remotes/mfe-reports/1.1.0/mf-manifest.json' }] };
    const tracked = (personal = false) => {
      const read: string[] = [];
      const load = createRemoteLoader(
        manifest,
        () => undefined,
        async (remote, entry) => (read.push(entry), { remote, declaration }),
        () => SHELL,
        { personal },
      );
      return { load, read };
    };

    it('moves a remote this page has not loaded at once, and reads its new declaration', async () => {
      const { load, read } = tracked();
      await load.declarations();
      let changes = 0;
      load.subscribe!(() => changes++);
      expect(load.update!(manifest)).toBe('same');
      expect(load.update!(moved)).toBe('changed');
      expect(changes).toBe(1);
      await load.declarations();
      expect(read).toEqual(['/remotes/mfe-reports/mf-manifest.json', '/remotes/mfe-reports/1.1.0/mf-manifest.json']);
    });

    it('asks for a page reload when the moved remote already runs here, and keeps its version meanwhile', async () => {
      exported = definition();
      const { load } = tracked();
      await load('mfe_reports');
      expect(load.update!(moved)).toBe('reload');
      expect(load.update!(manifest)).toBe('same');
    });

    it('asks for a reload after a failed version too (a broken build: its chunks are in this page)', async () => {
      exported = { not: 'a remote' };
      const { load } = tracked();
      await expect(load('mfe_reports')).rejects.toThrow();
      expect(load.update!(moved)).toBe('reload');
    });

    it("on the dashboard, loads no remote code before the owner's own manifest (or its absence) is known", async () => {
      exported = definition();
      codeLoads = 0;
      const { load } = tracked(true);
      const loading = load('mfe_reports');
      await new Promise((r) => setTimeout(r, 20));
      expect(codeLoads).toBe(0);
      load.update!(null);
      await loading;
      expect(codeLoads).toBe(1);
    });
  });
});
