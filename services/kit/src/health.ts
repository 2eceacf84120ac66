import { Controller, Get, Header, Module, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';

/**
 * GET /healthz (liveness): the process answers. It never asks the database, so a database that
 * blinks does not get every replica restarted at once.
 */
@Controller('healthz')
class LivenessController {
  @Get()
  @Header('cache-control', 'no-store')
  check() {
    return { status: 'ok' };
  }
}

/** GET /readyz (readiness): 200 while the database answers, 503 naming it while it does not. */
@Controller('readyz')
class ReadinessController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** Answered here rather than thrown: a probe polled through an outage is not an error to log each time. */
  @Get()
  @Header('cache-control', 'no-store')
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    try {
      return await this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
    } catch (err) {
      if (!(err instanceof ServiceUnavailableException)) throw err;
      void reply.code(503);
      return err.getResponse();
    }
  }
}

/** Liveness and readiness probes of every service with a database. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [LivenessController, ReadinessController],
})
export class HealthModule {}
