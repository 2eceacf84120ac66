import {
  asInternal,
  asOwner,
  createTestDatabase,
  startTestService,
  testConfig,
  TestService,
} from '@sniff/service-kit/testing';
import { RegistryAppModule } from './app.module';

/**
 * The remote registry against a real Postgres: only operators publish and switch; a build is refused at publish
 * when its declaration is invalid or the shell lacks a shared version it needs; a version never changes; live,
 * canary and rollback reach the manifest the gateways read; and a shell that would break a live remote is refused.
 */
describe('remote registry', () => {
  let db: { url: string; drop(): Promise<void> };
  let service: TestService;
  const OPERATOR = 'deploy';
  const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', zod: '4.6.7' };

  const declaration = (extra: object = {}) => ({
    id: 'mfe-hello',
    routes: [{ path: 'hello', title: 'Hello', destination: 'hello.home' }],
    sidebar: [{ route: 'hello', label: 'Hello', icon: 'star', order: 90, plans: 'all' }],
    links: [],
    requires: { react: '^19.1.0' },
    ...extra,
  });
  const build = (over: Record<string, unknown> = {}) => {
    const files: Record<string, unknown> = {
      'mf-manifest.json': { name: 'mfe_hello' },
      'remoteEntry.js': 'var mfe_hello;',
      'declaration.json': declaration(),
      'static/js/12.abcdef12.js': 'console.log(1)',
      ...over,
    };
    return Object.fromEntries(
      Object.entries(files)
        .filter(([, v]) => v !== undefined)
        .map(([path, v]) => [path, Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64')]),
    );
  };
  const call = (method: string, path: string, body?: unknown, as = OPERATOR) =>
    fetch(`${service.url}${path}`, {
      method,
      headers: asOwner(as),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const publish = (version: string, files = build(), remote = 'mfe-hello') =>
    call('PUT', `/remotes/${remote}/versions/${encodeURIComponent(version)}`, { files });
  const manifest = async () =>
    (await (await fetch(`${service.url}/internal/manifest`, { headers: asInternal() })).json()) as {
      remotes: { remote: string; live: string; canary: { version: string; percent: number } | null }[];
    };
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = { ...testConfig(db.url), REGISTRY_OPERATORS: [OPERATOR, 'ops@sniff.test'] };
    service = await startTestService(RegistryAppModule.forRoot(config), config);
  });
  afterAll(async () => {
    await service?.close();
    await db?.drop();
  });

  it('refuses a publish before any shell is recorded, naming what to do', async () => {
    const res = await publish('1.0.0');
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/publish the shell's shared versions first/);
  });

  it('lets only operators (by subject or e-mail) read or change the registry', async () => {
    for (const res of [
      await call('GET', '/remotes', undefined, 'owner-a'),
      await call('PUT', '/shell', { shared: SHELL }, 'owner-a'),
      await publish('1.0.0', build()).then(() =>
        call('PUT', '/remotes/mfe-hello/live', { version: '1.0.0' }, 'owner-a'),
      ),
    ]) {
      expect(res.status).toBe(403);
      expect(await message(res)).toBe("Only Sniff's operators may read or change the remote registry");
    }
    const byEmail = await fetch(`${service.url}/remotes`, { headers: asOwner('auth0|ops', 'ops@sniff.test') });
    expect(byEmail.status).toBe(200);
    // without the internal token (the gateway's or the pipeline's) nothing is reachable
    expect((await fetch(`${service.url}/internal/manifest`)).status).toBe(403);
  });

  it('publishes a build once: the same files again are the same version, other files are refused', async () => {
    expect((await call('PUT', '/shell', { shared: SHELL })).status).toBe(200);
    const first = await publish('1.0.0+aaaa1111');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      remote: 'mfe-hello',
      version: '1.0.0+aaaa1111',
      files: 4,
      created: true,
    });
    const again = await publish('1.0.0+aaaa1111');
    expect(await again.json()).toMatchObject({ created: false });
    const changed = await publish('1.0.0+aaaa1111', build({ 'remoteEntry.js': 'var other;' }));
    expect(changed.status).toBe(409);
    expect(await message(changed)).toMatch(/already published with other files/);
    const file = await fetch(
      `${service.url}/internal/remotes/mfe-hello/versions/${encodeURIComponent('1.0.0+aaaa1111')}/file?path=static/js/12.abcdef12.js`,
      { headers: asInternal() },
    );
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe('console.log(1)');
  });

  it.each([
    [
      'an invalid declaration',
      build({ 'declaration.json': declaration({ routes: [{ path: 'Not A Path' }] }) }),
      /declaration.json is invalid/,
    ],
    ['a declaration that is not JSON', build({ 'declaration.json': '{' }), /declaration.json is not valid JSON/],
    ["another remote's federation manifest", build({ 'mf-manifest.json': { name: 'mfe_wizard' } }), /mfe_wizard/],
    ['a build without its entry', build({ 'remoteEntry.js': undefined }), /lacks remoteEntry.js/],
    [
      'a newer React than the shell provides (an older shell)',
      build({ 'declaration.json': declaration({ requires: { react: '^19.4.0' } }) }),
      /needs react \^19.4.0 \(the shell provides 19.3.1\)/,
    ],
    [
      'a library the shell does not share',
      build({ 'declaration.json': declaration({ requires: { 'left-pad': '^1.0.0' } }) }),
      /left-pad \^1.0.0 \(the shell does not provide it\)/,
    ],
  ])('refuses %s at publish with 422, and records nothing', async (_what, files, problem) => {
    const res = await publish('2.0.0', files);
    expect(res.status).toBe(422);
    expect(await message(res)).toMatch(problem);
    const list = (await (await call('GET', '/remotes')).json()) as { remotes: { versions: { version: string }[] }[] };
    expect(list.remotes[0]!.versions.map((v) => v.version)).not.toContain('2.0.0');
  });

  it.each([
    ['a remote name that is not a folder name', '/remotes/Hello/versions/1.0.0', /remote must be a remote folder name/],
    ['a version that is not semantic', '/remotes/mfe-hello/versions/latest', /version must be a semantic version/],
  ])('answers 400 for %s', async (_what, path, problem) => {
    const res = await call('PUT', path, { files: build() });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(problem);
  });

  it('answers 400 for a file path that leaves the build', async () => {
    const res = await publish('3.0.0', { ...build(), '../etc/passwd': 'eA==' });
    expect(res.status).toBe(400);
  });

  it('switches live, sends a share of owners to a canary, and rolls back to the version before', async () => {
    expect((await publish('1.1.0')).status).toBe(200);
    const missing = await call('PUT', '/remotes/mfe-hello/live', { version: '9.9.9' });
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe('mfe-hello has no published version 9.9.9');

    expect((await call('PUT', '/remotes/mfe-hello/live', { version: '1.0.0+aaaa1111' })).status).toBe(200);
    expect((await call('POST', '/remotes/mfe-hello/rollback')).status).toBe(409); // nothing before it yet
    expect(await manifest()).toEqual({ remotes: [{ remote: 'mfe-hello', live: '1.0.0+aaaa1111', canary: null }] });

    const sameAsLive = await call('PUT', '/remotes/mfe-hello/canary', { version: '1.0.0+aaaa1111', percent: 10 });
    expect(sameAsLive.status).toBe(422);
    expect((await call('PUT', '/remotes/mfe-hello/canary', { version: '1.1.0', percent: 100 })).status).toBe(400);
    const canary = await call('PUT', '/remotes/mfe-hello/canary', { version: '1.1.0', percent: 10 });
    expect(await canary.json()).toMatchObject({ live: '1.0.0+aaaa1111', canary: { version: '1.1.0', percent: 10 } });
    expect((await manifest()).remotes[0]!.canary).toEqual({ version: '1.1.0', percent: 10 });

    const live = await call('PUT', '/remotes/mfe-hello/live', { version: '1.1.0' });
    expect(await live.json()).toMatchObject({ live: '1.1.0', previous: '1.0.0+aaaa1111', canary: null });
    const back = await call('POST', '/remotes/mfe-hello/rollback');
    expect(await back.json()).toMatchObject({ live: '1.0.0+aaaa1111', previous: '1.1.0', updatedBy: OPERATOR });
    expect((await manifest()).remotes[0]!.live).toBe('1.0.0+aaaa1111');
  });

  it('retires a remote: off the manifest, its versions kept, and a switch brings it back', async () => {
    const retired = await call('DELETE', '/remotes/mfe-hello/live');
    expect(await retired.json()).toMatchObject({ live: null, canary: null, previous: null });
    expect(await manifest()).toEqual({ remotes: [] });
    expect((await call('PUT', '/remotes/mfe-hello/live', { version: '1.1.0' })).status).toBe(200);
    expect((await manifest()).remotes[0]!.live).toBe('1.1.0');
    await call('PUT', '/remotes/mfe-hello/live', { version: '1.0.0+aaaa1111' });
  });

  it('refuses a shell that a remote owners get would not accept (a newer shell), naming the remote', async () => {
    const res = await call('PUT', '/shell', { shared: { ...SHELL, react: '20.0.0' } });
    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/mfe-hello 1.0.0\+aaaa1111 needs react \^19.1.0 \(the shell provides 20.0.0\)/);
    // a compatible newer shell is fine, and the same shell twice records one offer
    expect((await call('PUT', '/shell', { shared: { ...SHELL, react: '19.4.0' } })).status).toBe(200);
    expect((await call('PUT', '/shell', { shared: { ...SHELL, react: '19.4.0' } })).status).toBe(200);
  });
});
