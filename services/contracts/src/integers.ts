import { z } from './zod';

/** A whole number from a query string ("8"), min to max; each problem names the parameter ("limit must be ..."). */
export function queryInteger(name: string, min: number, max: number) {
  const range = `${name} must be between ${min} and ${max}`;
  return z.coerce
    .number({ message: `${name} must be a number` })
    .check(z.int(`${name} must be an integer`), z.gte(min, range), z.lte(max, range));
}

/** A whole number in a form, min to max, said as the form's label says it ("Max Title Length must be 10 to 200"). */
export function intBetween(label: string, min: number, max: number) {
  const range = `${label} must be ${min} to ${max}`;
  return z.number().check(z.int(), z.gte(min, range), z.lte(max, range));
}
