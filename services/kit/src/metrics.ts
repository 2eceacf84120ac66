import { Controller, DynamicModule, Get, Global, Header, Inject, Module } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Request durations, in seconds: most answers take milliseconds, a crawl or an export seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A process's Prometheus metrics (prom-client), served at GET /metrics: the process's own (CPU,
 * memory, event-loop lag, GC), requests by route and status with their durations, and whatever the
 * service adds (jobs, search, caches). One registry per app: tests run several in one process.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requests = this.histogram(
      'http_request_duration_seconds',
      'Requests answered, by method, route pattern and status, and how long they took',
      ['method', 'route', 'status'],
      HTTP_BUCKETS,
    );
  }

  /**
   * What GET /metrics answers: this registry's figures, or a whole replica's totals where the
   * service runs several worker processes (search replaces it with its cluster's aggregate).
   */
  scrape: () => Promise<string> = () => this.registry.metrics();

  /** One answered request; `route` is the route's pattern (never the raw path: ids would explode the series). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  histogram<L extends string>(name: string, help: string, labelNames: L[], buckets?: number[]): Histogram<L> {
    return new Histogram({ name: `sniff_${name}`, help, labelNames, buckets, registers: [this.registry] });
  }

  counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return new Counter({ name: `sniff_${name}`, help, labelNames, registers: [this.registry] });
  }

  /** A value read when Prometheus scrapes (`read` may set several labelled values). */
  gauge<L extends string>(
    name: string,
    help: string,
    read: (gauge: Gauge<L>) => void | Promise<void>,
    labelNames: L[] = [],
  ): Gauge<L> {
    return new Gauge({
      name: `sniff_${name}`,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await read(this);
      },
    });
  }
}

/** Times every request in Fastify (the services): the route's pattern, or `unmatched` for a 404. */
export function timeRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

@Controller('metrics')
class MetricsController {
  constructor(@Inject(Metrics) private readonly metrics: Metrics) {}

  @Get()
  @Header('cache-control', 'no-store')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.scrape();
  }
}

/** GET /metrics, and `Metrics` for any provider of the app to add its own. */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: Metrics): DynamicModule {
    return {
      module: MetricsModule,
      providers: [{ provide: Metrics, useValue: metrics }],
      exports: [Metrics],
      controllers: [MetricsController],
    };
  }
}
