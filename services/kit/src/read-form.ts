import Busboy, { type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { BadRequestException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bodyLimitOf, bodyTooLarge } from './body-limits';
import { assertSafeText } from './safe-text';
import { ZodPipe } from './validation';

/** The one file of a form, as it streams in. */
export interface FormFile {
  filename: string;
  mimetype: string;
  stream: BusboyFileStream;
}

export interface FormSpec<S extends z.core.$ZodObject> {
  /** The form's text fields (a registry entry's `body`); they come before the file. */
  fields: S;
  /** The name of the file field (a registry entry's `file`). */
  file: string;
  /** Largest file, in bytes, and what the 413 says. */
  maxFileBytes: number;
  fileTooLarge: string;
  /** The 415's message for a body that is not multipart/form-data. */
  notMultipart: string;
  /** The 400's message when the form has no file. */
  missingFile?: string;
  /** Text fields at most (10), and bytes per text field (4 KB). */
  maxFields?: number;
  maxFieldBytes?: number;
}

const CUT_OFF = 'The form ends before its closing boundary (the upload was cut off). Please try again.';

/** A 400 with the field it names, in the kit's error format. */
function badRequest(message: string, field?: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, error: 'Bad Request', message, ...(field ? { field } : {}) });
}

/**
 * Reads a multipart/form-data upload (a route marked with Multipart) as it streams in: the text
 * fields first, checked by the kit's rules, then `onFile` with the validated fields and the file,
 * which it reads (and may refuse, e.g. by plan) before the rest of the form arrives.
 *
 * Every way a form can be wrong is a 4xx naming it, and settles at once: unsafe text in a field or
 * its name (400), a field too long (413), more fields or files than the spec allows (413), a
 * field of the spec after the file (400), a body cut off before its closing boundary (400), no
 * boundary (400), more bytes than the route's body limit, chunked ones too (413). On a refusal the
 * file stream is destroyed with the error (so `onFile` stops reading), the rest of the body is
 * read and dropped (so a proxy that streams it gets the answer), and the promise rejects without
 * waiting for `onFile`: whatever the caller does after this resolves, a refused upload never does.
 *
 * Built on busboy itself, not on @fastify/multipart's `request.parts()`: that iterator ends without
 * an error on a cut-off form, and after a limit it stops reading but leaves the file stream open,
 * so a reader of the file waited forever.
 */
export function readForm<S extends z.core.$ZodObject, T>(
  req: FastifyRequest,
  spec: FormSpec<S>,
  onFile: (fields: z.infer<S>, file: FormFile) => Promise<T>,
): Promise<{ fields: z.infer<S>; file: T }> {
  const maxFields = spec.maxFields ?? 10;
  const maxFieldBytes = spec.maxFieldBytes ?? 4 * 1024;
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? ''))
    return Promise.reject(new UnsupportedMediaTypeException(spec.notMultipart));
  let bb: BusboyInstance;
  try {
    bb = new Busboy({
      headers: req.headers as { 'content-type': string },
      // One more part than fields and file, so that an extra field or file trips its own limit first.
      limits: {
        fields: maxFields,
        files: 1,
        parts: maxFields + 2,
        fieldSize: maxFieldBytes,
        fileSize: spec.maxFileBytes,
      },
    });
  } catch {
    return Promise.reject(badRequest('The Content-Type multipart/form-data has no boundary'));
  }
  const raw = req.raw;
  const schema = new ZodPipe(spec.fields);
  const known = new Set(Object.keys(spec.fields._zod.def.shape));
  const form: Record<string, string> = {};

  return new Promise((resolve, reject) => {
    let failed = false;
    let file: BusboyFileStream | undefined;
    let work: Promise<{ fields: z.infer<S>; file: T }> | undefined;
    let bytes = 0;
    const limit = bodyLimitOf(req);

    /** Refuses the upload with `err` (an HttpException, or the handler's own error, passed on as is). */
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      raw.unpipe(bb);
      raw.removeListener('data', count);
      raw.resume();
      file?.destroy(err instanceof Error ? err : undefined);
      reject(err);
    };
    const count = (chunk: Buffer) => {
      if ((bytes += chunk.length) > limit) fail(bodyTooLarge(req));
    };

    bb.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (failed) return;
      try {
        assertSafeText({ [name]: value }, 'body');
      } catch (err) {
        return fail(err);
      }
      if (valueTruncated)
        return fail(
          new PayloadTooLargeException(`${name} is longer than ${maxFieldBytes} bytes, the most a form field holds`),
        );
      if (!known.has(name)) return;
      if (work) return fail(badRequest(`${name} must come before the file in the form`, name));
      form[name] = value;
    });
    bb.on('file', (name, stream, filename, _encoding, mimetype) => {
      // busboy fails the file when the form is cut off; other errors are its reader's (onFile's).
      stream.on('error', (err) => {
        if (/terminated early/i.test(err.message)) fail(badRequest(CUT_OFF, spec.file));
      });
      stream.on('limit', () => fail(new PayloadTooLargeException(spec.fileTooLarge)));
      if (failed || name !== spec.file || work) return void stream.resume();
      file = stream;
      let fields: z.infer<S>;
      try {
        fields = validate(schema, form, known);
      } catch (err) {
        return fail(err);
      }
      work = onFile(fields, { filename, mimetype, stream }).then((result) => ({ fields, file: result }));
      // Whatever onFile leaves unread is dropped, or the form would never finish.
      work.then(() => stream.resume(), fail);
    });
    bb.on('fieldsLimit', () => fail(new PayloadTooLargeException(`The form has more than ${maxFields} text fields`)));
    bb.on('filesLimit', () => fail(new PayloadTooLargeException('The form has more than one file')));
    bb.on('partsLimit', () => fail(new PayloadTooLargeException(`The form has more than ${maxFields + 1} parts`)));
    bb.on('error', (err) => fail(formError(err, spec.file)));
    bb.on('finish', () => {
      if (failed) return;
      if (!work) return fail(badRequest(spec.missingFile ?? `${spec.file} is missing`, spec.file));
      work.then(resolve, fail);
    });
    // A client that goes away mid-upload ends nothing: settle anyway.
    raw.on('close', () => {
      if (!raw.complete) fail(badRequest(CUT_OFF, spec.file));
    });
    raw.on('data', count);
    raw.pipe(bb);
  });
}

/** busboy's complaints about the form itself, as the 400 naming the problem. */
function formError(err: unknown, file: string): BadRequestException {
  const message = err instanceof Error ? err.message : '';
  if (/unexpected end/i.test(message)) return badRequest(CUT_OFF, file);
  if (/malformed part header/i.test(message)) return badRequest('The form has a malformed part header');
  return badRequest('The body is not a valid multipart/form-data form');
}

/**
 * The fields sent before the file, validated; a field of the spec that is not there yet is named
 * as coming too late (whether it comes after the file or not at all, it belongs before it).
 */
function validate<S extends z.core.$ZodObject>(pipe: ZodPipe<S>, form: Record<string, string>, known: Set<string>) {
  const result = z.safeParse(pipe.schema, form);
  if (result.success) return result.data;
  const key = result.error.issues[0]?.path[0];
  if (typeof key === 'string' && known.has(key) && !(key in form))
    throw badRequest(`${key} must come before the file in the form`, key);
  return pipe.transform(form);
}
