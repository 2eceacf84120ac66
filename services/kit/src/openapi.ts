import {
  Controller,
  Get,
  Header,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type INestApplication,
} from '@nestjs/common';
import { ENDPOINTS, type Endpoint, type ServiceName } from '@sniff/contracts';
import { z } from 'zod';
import { listRoutes, type ServedRoute } from './routes';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema: a request as a client sends it (input), an answer as the service sends
 * it (output); what JSON Schema cannot say is left open.
 */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The routes every service gets from the kit, outside the registry of @sniff/contracts. */
const KIT_ROUTES: Record<string, string> = {
  'GET /healthz': 'Liveness: the process answers (never asks the database)',
  'GET /readyz': 'Readiness: 503 naming the database while it does not answer',
  'GET /metrics': 'Prometheus metrics (text exposition format)',
  'GET /docs': 'This OpenAPI document',
};

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** A service's registry entries by "METHOD /path". */
function registryOf(service: string): Map<string, Endpoint> {
  const endpoints = ENDPOINTS[service as ServiceName] ?? {};
  return new Map(Object.values(endpoints).map((e) => [keyOf(e.method, e.path), e]));
}

/**
 * Where a service and the registry disagree: a route served but not registered (a controller with a
 * path prefix, or a route mapped without @Endpoint), a registered endpoint not served (its handler or
 * controller is gone), a route at a registered path not declared with that entry (mapped by hand, or
 * with another service's entry for the same path), or a body or query validated with another schema
 * than the entry's. Empty when they agree.
 */
export function registryMismatches(service: string, routes: ServedRoute[]): string[] {
  const registry = registryOf(service);
  const problems: string[] = [];
  const served = new Set<string>();
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const key = keyOf(route.method, route.url);
    served.add(key);
    if (KIT_ROUTES[key]) continue;
    const e = registry.get(key);
    if (!e) {
      problems.push(`${key} is served but not in the registry`);
      continue;
    }
    if (route.endpoint !== e) problems.push(`${key} is not declared with its registry entry (@Endpoint)`);
    if (route.bodySchema && route.bodySchema !== e.body) problems.push(`${key} validates its body with another schema`);
    if (route.querySchema && route.querySchema !== e.query)
      problems.push(`${key} validates its query with another schema`);
  }
  for (const key of registry.keys()) if (!served.has(key)) problems.push(`${key} is registered but not served`);
  return problems;
}

const ERROR = {
  description: 'Refused: { statusCode, error, message, field? } (field names the bad input)',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['statusCode', 'error', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          error: { type: 'string' },
          message: { type: 'string' },
          field: { type: 'string' },
        },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of a service: the routes it serves, each described by its entry in the
 * endpoint registry of @sniff/contracts (summary, access, request and answer schemas: the objects the
 * service validates with, so it cannot drift).
 */
export function openApiDocument(service: string, routes: ServedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const registry = registryOf(service);
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const key = keyOf(route.method, route.url);
    const e = registry.get(key);
    const bodySchema = e?.body ?? route.bodySchema;
    const querySchema = e?.query ?? route.querySchema;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (querySchema) {
      const query = jsonSchema(querySchema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const answer = e?.response
      ? { description: 'The answer', content: { 'application/json': { schema: jsonSchema(e.response, 'output') } } }
      : { description: e ? 'A redirect or a page' : 'The answer' };
    const operation: Record<string, unknown> = {
      summary: e?.summary ?? KIT_ROUTES[key],
      tags: [route.url.split('/')[1] || service],
      ...(e ? { 'x-access': e.access } : {}),
      ...(route.url.startsWith('/internal') ? { 'x-internal': true } : {}),
      parameters,
      responses: { [String(e?.status ?? 200)]: answer, '4XX': ERROR },
    };
    if (bodySchema || e?.bodyType === 'raw') {
      operation.requestBody = {
        required: true,
        content: requestContent(e, bodySchema),
        ...(route.bodyLimit ? { 'x-body-limit-bytes': route.bodyLimit } : {}),
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return { openapi: '3.1.0', info: { title: `Sniff ${service} service`, version: '1' }, paths };
}

/** A request body's media type and schema: JSON, a multipart upload (fields and file) or raw bytes. */
function requestContent(e: Endpoint | undefined, body: z.core.$ZodType | undefined): Record<string, unknown> {
  if (e?.bodyType === 'raw') return { 'application/json': { schema: {}, 'x-raw': true } };
  const schema = body ? jsonSchema(body) : { type: 'object' };
  if (e?.bodyType !== 'multipart') return { 'application/json': { schema } };
  const fields = schema as { properties?: Record<string, unknown>; required?: string[] };
  return {
    'multipart/form-data': {
      schema: {
        ...fields,
        properties: { ...fields.properties, [e.file ?? 'file']: { type: 'string', format: 'binary' } },
        required: [...(fields.required ?? []), e.file ?? 'file'],
      },
    },
  };
}

/** Holds the app, whose routes are known once it is initialised. */
@Injectable()
export class ServedApp {
  app?: INestApplication;
  constructor(@Inject('SERVICE_NAME') readonly name: string) {}
}

@Controller('docs')
class DocsController {
  private document?: JsonSchema;
  constructor(@Inject(ServedApp) private readonly served: ServedApp) {}

  /** GET /docs: the OpenAPI document of every route this service serves, with its schemas. */
  @Get()
  @Header('cache-control', 'no-store')
  docs(): JsonSchema {
    this.document ??= openApiDocument(this.served.name, listRoutes(this.served.app!));
    return this.document;
  }
}

@Module({})
export class DocsModule {
  static forRoot(service: string): DynamicModule {
    return {
      module: DocsModule,
      providers: [{ provide: 'SERVICE_NAME', useValue: service }, ServedApp],
      exports: [ServedApp],
      controllers: [DocsController],
    };
  }
}
