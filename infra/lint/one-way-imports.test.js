// Issue 16: one-way imports inside every front end (shared -> features -> app), enforced by lint.
// Lints texts placed at paths inside the front ends with the repository's own ESLint setup (in a
// child process: the flat config is an ES module, which jest's module system does not load).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const repo = path.join(__dirname, '..', '..');

/** Each text linted as if it were the file at `file`: the rule ids ESLint reports. */
function lint(cases) {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: ${JSON.stringify(repo)} });
    const out = [];
    for (const c of JSON.parse(process.env.CASES)) {
      const [result] = await eslint.lintText(c.text, { filePath: c.file });
      out.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
    }
    console.log(JSON.stringify(out));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repo,
    env: { ...process.env, CASES: JSON.stringify(cases) },
    encoding: 'utf8',
  });
  return JSON.parse(stdout.trim().split('\n').pop());
}

const at = (file, text) => ({ file: path.join(repo, file), text });

describe('one-way imports (eslint-plugin-boundaries)', () => {
  const backwards = [
    // A layout module (a feature of the shell) importing the app.
    at(
      'shell/src/layout/Extra.tsx',
      "import { PUBLIC_REMOTE } from '../app/routes';\nexport const r = PUBLIC_REMOTE;\n",
    ),
    // A remote's feature importing its entry file (above the app).
    at('mfe-wizard/src/features/wizard/Extra.ts', "import remote from '../../remote';\nexport const r = remote;\n"),
    // Shared code importing a feature.
    at(
      'mfe-stores/src/shared/extra.ts',
      "import { StoresPage } from '../features/stores/StoresPage';\nexport const p = StoresPage;\n",
    ),
    // A remote's feature importing its app.
    at(
      'mfe-marketing/src/features/landing/extra.ts',
      "import { PUBLIC_PAGES } from '../../app/public-pages';\nexport const p = PUBLIC_PAGES;\n",
    ),
  ];
  const forwards = [
    at(
      'shell/src/app/Extra.tsx',
      "import { DashboardLayout } from '../layout/DashboardLayout';\nexport const l = DashboardLayout;\n",
    ),
    at(
      'shell/src/layout/Extra.tsx',
      "import { useNavigation } from '../navigation/NavigationProvider';\nexport const n = useNavigation;\n",
    ),
    at(
      'mfe-stores/src/features/stores/extra.ts',
      "import { storesApi } from '../../shared/api';\nexport const a = storesApi;\n",
    ),
    at(
      'mfe-wizard/src/extra.ts',
      "import { CreateStorePage } from './features/wizard/CreateStorePage';\nexport const p = CreateStorePage;\n",
    ),
  ];

  it('fails on every backwards import and passes forward ones', () => {
    const results = lint([...backwards, ...forwards]);
    const back = results.slice(0, backwards.length);
    const fwd = results.slice(backwards.length);
    back.forEach((messages, i) => {
      expect([backwards[i].file, messages]).toEqual([
        backwards[i].file,
        [expect.stringMatching(/^boundaries\/dependencies: One-way imports: shared -> features -> app/)],
      ]);
    });
    fwd.forEach((messages, i) => expect([forwards[i].file, messages]).toEqual([forwards[i].file, []]));
  });
});
