const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { buildVersion, readBuild } = require('./remote-artefacts');
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

  it("takes a public site's pre-rendered pages, those its pages.json names, with the build", () => {
    write('dist/pages/index.html', '<p>landing</p>');
    write('dist/pages/guide/index.html', '<p>guide</p>');
    write('dist/pages/404.html', '<p>not found</p>');
    write('dist/pages/stale/index.html', '<p>no route names me</p>');
    write('dist/sitemap.xml', '<urlset/>');
    const manifest = { routes: { '/': 'pages/index.html', '/guide': 'pages/guide/index.html' }, redirects: {} };
    write('dist/pages.json', JSON.stringify({ ...manifest, notFound: 'pages/404.html' }));
    const files = readBuild(dir);
    expect([...files.keys()].sort()).toEqual([
      'mf-manifest.json',
      'pages.json',
      'pages/404.html',
      'pages/guide/index.html',
      'pages/index.html',
      'remoteEntry.js',
      'sitemap.xml',
      'static/12.abcdef12.js',
    ]);
    expect(files.get('pages/guide/index.html').toString()).toBe('<p>guide</p>');
    // a page is part of the build: changing one is another version
    const first = buildVersion(dir, files);
    write('dist/pages/guide/index.html', '<p>guide, edited</p>');
    expect(buildVersion(dir, readBuild(dir))).not.toBe(first);
    write('dist/pages.json', JSON.stringify({ ...manifest, notFound: '../../secret.html' }));
    expect(() => readBuild(dir)).toThrow(/not a file of the build/);
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
