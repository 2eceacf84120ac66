import type { z } from 'zod';

/**
 * Turns a zod failure into one message that names the field, e.g. "store_url: Invalid URL format for website.".
 * Front and back ends both use it so the text an owner sees is the same everywhere.
 */
export function describeZodError(error: z.core.$ZodError): { field?: string; message: string } {
  const issue = error.issues[0];
  if (!issue) return { message: 'Invalid request' };
  const field = issue.path.length ? issue.path.join('.') : undefined;
  return { field, message: field ? `${field}: ${issue.message}` : issue.message };
}
