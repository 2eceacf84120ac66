import { BadRequestException, PipeTransform } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const LIMIT = 16 * 1024;

/**
 * navigator.sendBeacon posts JSON as text/plain (a CORS-simple request, no preflight).
 * This reads such a body as a string; `JsonTextPipe` then parses it.
 */
export function textBody(req: Request, res: Response, next: NextFunction): void {
  const type = req.headers['content-type'] ?? '';
  if (!/^text\/plain\b/i.test(type) || req.body !== undefined) return next();
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LIMIT && !failed) {
      failed = true;
      res.status(413).json({ statusCode: 413, error: 'Payload Too Large', message: 'Event body is too large' });
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (failed) return;
    req.body = Buffer.concat(chunks).toString('utf8');
    next();
  });
  req.on('error', (err) => {
    if (!failed) next(err);
  });
}

/** A JSON body that arrived as text (see textBody) is parsed like application/json. */
export class JsonTextPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw new BadRequestException('Request body is not valid JSON');
    }
  }
}
