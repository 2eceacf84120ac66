// The shared facades (facades/*.js, see shared.js) hold only what the front ends use: a name a front
// end uses and its facade lacks would be undefined in the browser. This reads every browser source
// of the front ends (and the contracts they bundle) and checks each name against the facade itself.
const fs = require('node:fs');
const path = require('node:path');
const { FACADES, SINGLETONS } = require('./shared');

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

describe('shared facades', () => {
  it('are shared libraries of the one table', () => {
    for (const name of Object.keys(FACADES)) expect(SINGLETONS).toContain(name);
  });

  it('react-router-dom: every name a front end imports is in its facade', () => {
    const facade = require(FACADES['react-router-dom']);
    const used = valueImports('react-router-dom');
    expect(used.length).toBeGreaterThan(10);
    const missing = used.filter(({ name }) => facade[name] === undefined);
    expect(missing).toEqual([]);
  });

  it('zod: front ends import only `z`, and every z.<name> they use is in its facade', () => {
    expect(valueImports('zod').filter(({ name }) => name !== 'z')).toEqual([]);
    const { z } = require(FACADES.zod);
    // Types only, erased at build.
    const TYPES = new Set(['infer', 'input', 'output']);
    const used = files.flatMap(({ file, text }) =>
      [...text.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)].map((m) => ({ file, name: m[1] })),
    );
    expect(used.length).toBeGreaterThan(100);
    const missing = used.filter(({ name }) => !TYPES.has(name) && z[name] === undefined);
    expect(missing).toEqual([]);
  });

  it('zod: the facade parses as zod does (the contracts run on it in the browser)', () => {
    const { z } = require(FACADES.zod);
    const schema = z.object({
      kind: z.enum(['csv', 'crawl']),
      rows: z.coerce.number().int().min(1),
      url: z.url().optional(),
    });
    expect(schema.parse({ kind: 'csv', rows: '3' })).toEqual({ kind: 'csv', rows: 3 });
    const failed = schema.safeParse({ kind: 'ftp', rows: 0 });
    expect(failed.success).toBe(false);
    expect(failed.error).toBeInstanceOf(z.ZodError);
    expect(failed.error.issues.map((i) => i.path.join('.'))).toEqual(['kind', 'rows']);
  });
});
