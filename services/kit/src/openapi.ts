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
import { z } from 'zod';
import { listRoutes, type ServedRoute } from './routes';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema, as a client sends it (input side; what JSON cannot say is left open). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
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
 * The OpenAPI 3.1 document of a service, from the routes it serves and the zod schemas of
 * @sniff/contracts that validate their bodies and queries (the same objects: it cannot drift).
 */
export function openApiDocument(service: string, routes: ServedRoute[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const parameters: unknown[] = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.querySchema) {
      const query = jsonSchema(route.querySchema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const operation: Record<string, unknown> = {
      tags: [route.url.split('/')[1] || service],
      ...(route.url.startsWith('/internal') ? { 'x-internal': true } : {}),
      parameters,
      responses: { '200': { description: 'The answer' }, '4XX': ERROR },
    };
    if (route.bodySchema) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.bodySchema) } },
        ...(route.bodyLimit ? { 'x-body-limit-bytes': route.bodyLimit } : {}),
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return { openapi: '3.1.0', info: { title: `Sniff ${service} service`, version: '1' }, paths };
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
