import * as z from 'zod/mini';

// The contracts' schemas are written with zod's tree-shakable API (`zod/mini`): each front end bundles only
// the parts they use, instead of the whole library. zod/mini brings no messages of its own ("Invalid input"
// for every problem); the classic API installs English on import. Services' 4xx messages and some form
// errors carry zod's own texts (a field over its length, a wrong type), so English is installed here for
// where this module runs (services, tests). Front-end builds leave this side-effect-free re-export out
// (webpack links the schemas to zod/mini directly): the dashboard installs English itself
// (shell/src/shared/zod-without-eval.ts). The setting lives on globalThis, one for every copy of zod.
z.config(z.locales.en());

export { z };
