// README's Configuration table and .env.example name every variable a service or the gateway reads, so an
// operator never has to read the code to find a setting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { analyticsConfigSchema } from '../../services/analytics/src/config';
import { billingConfigSchema } from '../../services/billing/src/config';
import { feedbackConfigSchema } from '../../services/feedback/src/config';
import { gatewayConfigSchema } from '../../services/gateway/src/config';
import { baseServiceConfigSchema } from '../../services/kit/src/config';
import { registryConfigSchema } from '../../services/registry/src/config';
import { searchConfigSchema } from '../../services/search/src/config';
import { storesConfigSchema } from '../../services/stores/src/config';

const root = join(__dirname, '..', '..');

/** The variable names of a config schema (an object, or an object piped through a transform). */
function keysOf(schema: z.ZodType): string[] {
  const s = schema as unknown as { shape?: Record<string, unknown>; in?: z.ZodType };
  if (s.shape) return Object.keys(s.shape);
  if (s.in) return keysOf(s.in);
  throw new Error('not an object schema');
}

const read = {
  kit: keysOf(baseServiceConfigSchema),
  billing: keysOf(billingConfigSchema),
  stores: keysOf(storesConfigSchema),
  search: keysOf(searchConfigSchema),
  analytics: keysOf(analyticsConfigSchema),
  feedback: keysOf(feedbackConfigSchema),
  registry: keysOf(registryConfigSchema),
  gateway: keysOf(gatewayConfigSchema),
};

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Configuration'),
  readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
);
const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
const example = [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^(?:# )?([A-Z0-9_]+)=/gm)].map(
  (m) => m[1],
);

describe('configuration is documented', () => {
  it.each(Object.entries(read))('README names every variable %s reads', (_process, keys) => {
    expect(keys.filter((k) => !documented.includes(k))).toEqual([]);
  });

  it('names each variable once, and .env.example lists every one of them', () => {
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((k, i) => documented.indexOf(k) !== i)).toEqual([]);
    expect(documented.filter((k) => !example.includes(k))).toEqual([]);
    expect(example.filter((k) => !documented.includes(k))).toEqual([]);
  });
});
