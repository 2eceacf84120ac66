import { BadRequestException, Body, PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { describeZodError } from '@sniff/contracts';
import { describeRoute, RouteDescription } from './routes';

/** Validates with a @sniff/contracts schema; a failure is a 400 whose message names the field. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { field, message } = describeZodError(result.error);
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, field });
  }
}

/** Binds a parameter through `schema` and records the schema in the route's description (see listRoutes). */
function validated(
  bind: (pipe: ZodPipe<z.ZodType>) => ParameterDecorator,
  schema: z.ZodType,
  description: RouteDescription,
): ParameterDecorator {
  const decorator = bind(new ZodPipe(schema));
  return (target, key, index) => {
    decorator(target, key, index);
    if (key !== undefined) describeRoute((target as Record<string | symbol, object>)[key], description);
  };
}

export const ValidBody = (schema: z.ZodType): ParameterDecorator => validated(Body, schema, { bodySchema: schema });
export const ValidQuery = (schema: z.ZodType): ParameterDecorator => validated(Query, schema, { querySchema: schema });
