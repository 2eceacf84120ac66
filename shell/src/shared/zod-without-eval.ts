import { config, locales } from 'zod/mini';

// zod compiles faster object parsers with `new Function` where it can, and probes for that on the
// first parse. The pages' Content-Security-Policy has no 'unsafe-eval', so the probe would be a
// reported violation: parse without it (same results). zod keeps its settings on globalThis, one
// for every copy of zod on the page: the shared `zod` (whole) that a remote may consume, and the
// `zod/mini` each front end bundles for the contracts' schemas (not shared, tree-shaken). Set
// through zod/mini so the dashboard does not load the whole library just to turn this off.
//
// zod/mini has no messages of its own ("Invalid input" for every problem), and forms show some of
// zod's texts (a field over its length, a link that is no URL): install English, as the classic
// API does on import and as `@sniff/contracts` does where its `zod.ts` runs (services, tests), for
// every remote's copy on the page.
config(locales.en());
config({ jitless: true });
