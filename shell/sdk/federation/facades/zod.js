// What the front ends use of zod (the `z` object of its classic API), the module the federation
// shares as "zod" (see ../shared.js). zod's own `z` carries everything: every locale's messages,
// JSON Schema conversion both ways and the JIT compiler the pages turn off; shared whole it cost
// 73 kB compressed on every dashboard page, against about 20 for what is used. Imported from
// 'zod/v4' (the same classic API) so this module is not itself consumed from the share scope.
import {
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  enum as enumSchema,
  literal,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  tuple,
  url,
  ZodError,
} from 'zod/v4';

export const z = Object.freeze({
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  enum: enumSchema,
  literal,
  NEVER,
  number,
  object,
  preprocess,
  record,
  string,
  tuple,
  url,
  ZodError,
});
export default z;
