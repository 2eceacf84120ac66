import { z } from 'zod';

// zod compiles faster object parsers with `new Function` where it can, and probes for that on the
// first parse. The pages' Content-Security-Policy has no 'unsafe-eval', so the probe would be a
// reported violation: parse without it (same results). zod is a federation singleton, so this
// holds for every remote too.
z.config({ jitless: true });
