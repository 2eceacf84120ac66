import { Controller, Get, Header } from '@nestjs/common';

/** GET /healthz: the gateway holds no state, so being able to answer is being up. */
@Controller('healthz')
export class HealthController {
  @Get()
  @Header('cache-control', 'no-store')
  check() {
    return { status: 'ok' };
  }
}
