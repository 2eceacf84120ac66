import { BadRequestException, Body, PipeTransform, Query } from '@nestjs/common';
import { z } from 'zod';
import { describeZodError } from '@sniff/contracts';

/**
 * Validates with a @sniff/contracts schema (classic or `zod/mini`: zod's core parses either); a failure
 * is a 400 whose message names the field.
 */
export class ZodPipe<S extends z.core.$ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    const result = z.safeParse(this.schema, value ?? {});
    if (result.success) return result.data;
    const { field, message } = describeZodError(result.error);
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, field });
  }
}

/** A registry entry's schema; an entry without one is a mistake, found when the controller loads. */
function declared(schema: z.core.$ZodType | undefined, what: string): z.core.$ZodType {
  if (!schema) throw new Error(`Valid${what}: the endpoint declares no ${what.toLowerCase()} schema`);
  return schema;
}

/**
 * The body, validated with an endpoint's schema (`@ValidBody(entry.body)`); pipes given after it
 * run first (e.g. one that parses a text beacon's JSON).
 */
export const ValidBody = (schema: z.core.$ZodType | undefined, ...before: PipeTransform[]): ParameterDecorator =>
  Body(...before, new ZodPipe(declared(schema, 'Body')));
/** The query, validated with an endpoint's schema (`@ValidQuery(entry.query)`). */
export const ValidQuery = (schema: z.core.$ZodType | undefined): ParameterDecorator =>
  Query(new ZodPipe(declared(schema, 'Query')));
