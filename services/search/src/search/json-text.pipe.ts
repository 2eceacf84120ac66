import { BadRequestException, PipeTransform } from '@nestjs/common';

/**
 * navigator.sendBeacon posts JSON as text/plain (a CORS-simple request, no preflight); the
 * service kit reads such a body as a string (16 KB at most), and this parses it like JSON.
 */
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
