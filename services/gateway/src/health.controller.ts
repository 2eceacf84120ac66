import { Controller, Get, Header } from '@nestjs/common';

/**
 * GET /healthz (liveness) and /readyz (readiness): the gateway holds no state and answers for the
 * services itself (a 503 naming one that is down), so being able to answer is being up and ready.
 */
@Controller()
export class HealthController {
  @Get(['healthz', 'readyz'])
  @Header('cache-control', 'no-store')
  check() {
    return { status: 'ok' };
  }
}
