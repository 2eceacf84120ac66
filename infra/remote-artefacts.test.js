const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildVersion, isPublicSite, readBuild } = require('./remote-artefacts');
const { createRemote } = require('./bin/new-remote');

describe('a remote build as the registry takes it', () => {
  let dir;
  const write = (rel, text) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sniff-artefact-'));
    write('package.json', '{"version":"1.4.0"}');
    write('dist/mf-manifest.json', '{"name":"mfe_x"}');
    write('dist/remoteEntry.js', 'x');
    write('dist/static/12.abcdef12.js', 'y');
    write('dist/static/12.abcdef12.js.map', '{}');
    write('dist/index.html', '<p>standalone</p>');
    write('dist/.prerender/prerender.js', 'node only');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes what browsers load: no source maps, no standalone page, no dot folders', () => {
    expect([...readBuild(dir).keys()].sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'static/12.abcdef12.js']);
  });

  it('names one build with one version: the release plus the hash of its files', () => {
    const first = buildVersion(dir, readBuild(dir));
    expect(first).toMatch(/^1\.4\.0\+[0-9a-f]{8}$/);
    expect(buildVersion(dir, readBuild(dir))).toBe(first);
    write('dist/remoteEntry.js', 'changed');
    expect(buildVersion(dir, readBuild(dir))).not.toBe(first);
  });

  it('says to build first when there is no build', () => {
    rmSync(join(dir, 'dist'), { recursive: true });
    expect(() => readBuild(dir)).toThrow(/holds no build: run npm run build -w/);
  });

  it('knows the pre-rendered public site, which ships with the gateway', () => {
    expect(isPublicSite(dir)).toBe(false);
    write('dist/declaration.json', '{"id":"mfe-marketing","publicSite":{}}');
    expect(isPublicSite(dir)).toBe(true);
  });
});

describe('npm run new-remote', () => {
  let parent;
  beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'sniff-new-remote-'))));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('makes mfe-<name> from the template with its name and title filled in', () => {
    const dir = createRemote('loyalty-points', parent);
    expect(dir).toBe(join(parent, 'mfe-loyalty-points'));
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe('@sniff/mfe-loyalty-points');
    const declaration = readFileSync(join(dir, 'src', 'declaration.ts'), 'utf8');
    expect(declaration).toContain("id: 'mfe-loyalty-points'");
    expect(declaration).toContain("label: 'Loyalty Points'");
    expect(declaration).not.toMatch(/__NAME__|__TITLE__/);
  });

  it.each(['Loyalty', 'loyalty_points', '-x', ''])('refuses the name %p', (name) => {
    expect(() => createRemote(name, parent)).toThrow(/lower-case words joined by "-"/);
  });

  it('never overwrites a remote that exists', () => {
    createRemote('reports', parent);
    expect(() => createRemote('reports', parent)).toThrow(/already exists/);
  });
});
