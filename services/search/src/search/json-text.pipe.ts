import { PipeTransform } from '@nestjs/common';
import { parseJsonBody } from '@sniff/service-kit';

/**
 * navigator.sendBeacon posts JSON as text/plain (a CORS-simple request, no preflight); the
 * service kit reads such a body as a string (16 KB at most), and this parses it like JSON.
 */
export class JsonTextPipe implements PipeTransform {
  transform(value: unknown): unknown {
    return typeof value === 'string' ? parseJsonBody(value) : value;
  }
}
