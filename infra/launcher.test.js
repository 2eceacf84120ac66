// `npm start` supervises its processes: a service that dies once the product is up is started again,
// and the rest keeps answering meanwhile. The product as the launcher starts it (built services).
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startProduct } = require('./launcher');
const { createTestDatabase } = require('./test-database');
const { freePorts } = require('./testing');

jest.setTimeout(120_000);

const NAMES = ['gateway', 'idp', 'stripe', 'billing', 'stores', 'search', 'analytics', 'feedback'];
const MORE = ['demoSite', 'smtp', 'inbox', 'squarespace', 'shopify', 'postgres'];

describe('the launcher supervises', () => {
  let product;
  let dataDir;
  let db;
  let ports;
  const lines = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sniff-launcher-'));
    db = await createTestDatabase();
    const free = await freePorts(NAMES.length + MORE.length);
    ports = Object.fromEntries([...NAMES, ...MORE].map((name, i) => [name, free[i]]));
    product = await startProduct({
      ports,
      dataDir,
      env: { DATABASE_URL: db.url },
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await product?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const up = async (url) => {
    try {
      return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
    } catch {
      return false;
    }
  };

  it('starts a killed service again while the others keep answering', async () => {
    const billing = `http://127.0.0.1:${ports.billing}/readyz`;
    const gateway = `http://127.0.0.1:${ports.gateway}/readyz`;
    expect(await up(billing)).toBe(true);
    const pid = product.pidOf('billing');
    process.kill(pid, 'SIGKILL');
    // Down for a moment; the gateway answers throughout.
    const deadline = Date.now() + 60_000;
    let back = false;
    while (Date.now() < deadline && !back) {
      expect(await up(gateway)).toBe(true);
      back = (await up(billing)) && product.pidOf('billing') !== pid;
      if (!back) await new Promise((r) => setTimeout(r, 250));
    }
    expect(back).toBe(true);
    expect(lines).toContainEqual('[launcher] billing exited (SIGKILL); starting it again in 1 s (restart 1)');
  });
});
