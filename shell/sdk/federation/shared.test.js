// What the front ends get from the federation under a shared library's name (see shared.js): zod
// whole, react-router-dom as its facade (facades/), which must hold every public export a remote can
// use, and every name a front end imports. This reads every browser source of the front ends (and the
// contracts they bundle) and resolves each shared library as the webpack build does.
const fs = require('node:fs');
const path = require('node:path');
const { FACADES, SINGLETONS, sharedFor } = require('./shared');
const { LEFT_OUT, isInternal } = require('./facades/react-router-left-out');

const repo = path.join(__dirname, '../../..');
const SOURCE_DIRS = [
  'shell/src',
  'shell/sdk/src',
  'shell/ui/src',
  'services/contracts/src',
  ...fs
    .readdirSync(repo)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => `${d}/src`),
];
// Not browser code: tests run on the real packages, and the marketing pre-renderer is a Node build
// that require()s them.
const NOT_BROWSER = /(\.test\.tsx?|[\\/]testing\.tsx?|[\\/]prerender[\\/].*)$/;

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !NOT_BROWSER.test(file) ? [file] : [];
  });
}

const files = SOURCE_DIRS.flatMap((dir) => sources(path.join(repo, dir))).map((file) => ({
  file: path.relative(repo, file),
  text: fs.readFileSync(file, 'utf8'),
}));

/** Names imported as values (not `type`) by `import { ... } from '<from>'`, with the file. */
function valueImports(from) {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${from.replace(/[/.]/g, '\\$&')}'`, 'g');
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].flatMap((match) =>
      match[1]
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !s.startsWith('type '))
        .map((s) => ({ file, name: s.split(/\s+as\s+/)[0] })),
    ),
  );
}

/** The module a front end gets for a shared library: the `import` its shared config names, else the library. */
function sharedModule(name) {
  const config = sharedFor(path.join(repo, 'mfe-stores'))[name];
  return require(config.import ?? name);
}

describe('shared libraries', () => {
  it('facades are shared libraries of the one table', () => {
    for (const name of Object.keys(FACADES)) expect(SINGLETONS).toContain(name);
  });

  it('react-router-dom: a remote gets every public export but those left out, for a reason', () => {
    const shared = sharedModule('react-router-dom');
    const leftOut = Object.values(LEFT_OUT).flat();
    const library = Object.keys(require('react-router-dom')).filter((name) => !isInternal(name));
    // A new React Router export fails here until it is shared or left out with a reason.
    expect(library.filter((name) => shared[name] === undefined && !leftOut.includes(name))).toEqual([]);
    // What is left out is still the library's (a stale list would hide nothing).
    expect(leftOut.filter((name) => !library.includes(name))).toEqual([]);
    expect(Object.keys(shared).filter((name) => leftOut.includes(name))).toEqual([]);
    for (const name of ['useParams', 'Outlet', 'useSearchParams', 'useMatch', 'generatePath'])
      expect(shared[name]).toBe(require('react-router')[name]);
  });

  it('react-router-dom: every name a front end imports is shared', () => {
    const shared = sharedModule('react-router-dom');
    const used = valueImports('react-router-dom');
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter(({ name }) => shared[name] === undefined)).toEqual([]);
  });

  it('zod: shared whole, so a remote can use any of it (z.union, z.xor, z.toJSONSchema…)', () => {
    expect(sharedFor(path.join(repo, 'shell')).zod.import).toBeUndefined();
    const shared = sharedModule('zod');
    expect(Object.keys(shared.z)).toEqual(Object.keys(require('zod').z));
    const { z } = shared;
    const schema = z.union([z.object({ kind: z.literal('csv'), rows: z.coerce.number().int().min(1) }), z.url()]);
    expect(schema.parse({ kind: 'csv', rows: '3' })).toEqual({ kind: 'csv', rows: 3 });
    expect(schema.safeParse({ kind: 'ftp' }).error).toBeInstanceOf(z.ZodError);
  });
});
