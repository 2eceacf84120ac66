import { BadRequestException, Body, PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { describeZodError } from '@sniff/contracts';

/** Validates with a @sniff/contracts schema; a failure is a 400 whose message names the field. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(readonly schema: S) {}
  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { field, message } = describeZodError(result.error);
    throw new BadRequestException({ statusCode: 400, error: 'Bad Request', message, field });
  }
}

export const ValidBody = (schema: z.ZodType): ParameterDecorator => Body(new ZodPipe(schema));
export const ValidQuery = (schema: z.ZodType): ParameterDecorator => Query(new ZodPipe(schema));
