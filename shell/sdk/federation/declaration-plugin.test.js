const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readDeclarationData } = require('./declaration-plugin');

const write = (text) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sniff-declaration-'));
  const file = path.join(dir, 'declaration.ts');
  fs.writeFileSync(file, text);
  return file;
};

describe('declaration plugin', () => {
  it("reads a remote's declaration module as data (type imports are dropped)", () => {
    const file = path.join(__dirname, '../../../mfe-stores/src/declaration.ts');
    const data = readDeclarationData(file);
    expect(data.id).toBe('mfe-stores');
    expect(data.routes.map((r) => r.path)).toEqual(['stores', 'installation-guide']);
  });

  it('refuses a declaration that imports code: it must be data the build can read alone', () => {
    const file = write("import { PATHS } from './paths';\nexport default { id: 'x', routes: PATHS };\n");
    expect(() => readDeclarationData(file)).toThrow(
      'imports "./paths": a declaration is data and may only import types',
    );
  });
});
