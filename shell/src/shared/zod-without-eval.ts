import { config } from 'zod/mini';

// zod compiles faster object parsers with `new Function` where it can, and probes for that on the
// first parse. The pages' Content-Security-Policy has no 'unsafe-eval', so the probe would be a
// reported violation: parse without it (same results). zod keeps this setting on globalThis, one
// for every copy of zod on the page: the shared `zod` (whole) that a remote may consume, and the
// `zod/mini` each front end bundles for the contracts' schemas (not shared, tree-shaken). Set
// through zod/mini so the dashboard does not load the whole library just to turn this off.
config({ jitless: true });
