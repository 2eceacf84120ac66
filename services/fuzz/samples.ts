import { z } from 'zod';
import type { Rng } from './rng';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  minLength?: number;
  minimum?: number;
  pattern?: string;
};

/** Values a plausible request carries, by what a field is called. */
export interface SampleHints {
  email: string;
}

function stringFor(key: string | undefined, schema: JsonSchema, hints: SampleHints): string {
  const name = (key ?? '').toLowerCase();
  let value = 'sofa';
  if (name.includes('email')) value = hints.email;
  else if (name.includes('url')) value = 'https://shop.example/page';
  else if (name === 'kind' || name === 'type') value = 'search';
  return value.padEnd(schema.minLength ?? 0, 'a');
}

function fromJsonSchema(schema: JsonSchema, rng: Rng, hints: SampleHints, key?: string, depth = 0): unknown {
  if (depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return rng.pick(schema.enum);
  const options = schema.oneOf ?? schema.anyOf;
  if (options?.length) return fromJsonSchema(rng.pick(options), rng, hints, key, depth + 1);
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], rng, hints, key, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {}))
        out[k] = fromJsonSchema(s, rng, hints, k, depth + 1);
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => fromJsonSchema(s, rng, hints, key, depth + 1));
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: n }, () => fromJsonSchema(schema.items ?? {}, rng, hints, key, depth + 1));
    }
    case 'string':
      return stringFor(key, schema, hints);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return schema.default ?? 'sofa';
  }
}

/**
 * A plausible value for `schema` (a zod schema of @sniff/contracts), built from its JSON Schema:
 * the starting point that the fuzzer then breaks one part of, so that a request gets past
 * validation to the code behind it. Not guaranteed valid (refinements are not in JSON Schema);
 * undefined for a schema JSON Schema cannot describe.
 */
export function sampleOf(schema: z.core.$ZodType, rng: Rng, hints: SampleHints): unknown {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
  return fromJsonSchema(json, rng, hints);
}

/** Every object schema @sniff/contracts exports (request and response shapes alike). */
export function contractObjectSchemas(contracts: Record<string, unknown>): z.core.$ZodType[] {
  // zod's core type: a schema of the classic API or of zod/mini
  return Object.values(contracts).filter((v): v is z.core.$ZodType => {
    if (!(v instanceof z.core.$ZodType)) return false;
    try {
      const json = z.toJSONSchema(v, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      return json.type === 'object' || !!json.oneOf || !!json.anyOf;
    } catch {
      return false;
    }
  });
}
