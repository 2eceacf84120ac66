import { Controller, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { endpoint, type Endpoint as Entry } from '@sniff/contracts';
import { z } from 'zod';
import { Endpoint, InternalGuard, OwnerGuard, ValidBody, ValidQuery } from './index';

const body = z.object({ name: z.string() });
const saved = endpoint({
  service: 'stores',
  method: 'POST',
  path: '/things/:id/save',
  access: 'owner',
  summary: 'Saves a thing',
  body,
  status: 202,
  response: null,
});
const listed = endpoint({
  service: 'stores',
  method: 'GET',
  path: '/internal/things',
  access: 'internal',
  summary: 'Lists things',
  response: null,
});
const widget = endpoint({
  service: 'search',
  method: 'DELETE',
  path: '/v1/things/:id',
  access: 'public',
  summary: 'Forgets a thing',
  response: null,
});

@Controller()
class ThingsController {
  @Endpoint(saved)
  save() {}
  @Endpoint(listed)
  list() {}
  @Endpoint(widget)
  forget() {}
}

const route = (handler: () => void) => ({
  method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod,
  path: Reflect.getMetadata(PATH_METADATA, handler) as string,
  status: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number,
  guards: (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? [],
});

describe('@Endpoint(entry)', () => {
  const proto = ThingsController.prototype;

  it("maps the handler to the entry's method and whole path, with its success status", () => {
    expect(route(proto.save)).toMatchObject({ method: RequestMethod.POST, path: '/things/:id/save', status: 202 });
    // 200 unless the entry says otherwise, POST included (Nest's default for POST is 201)
    expect(route(proto.list)).toMatchObject({ method: RequestMethod.GET, path: '/internal/things', status: 200 });
    expect(route(proto.forget)).toMatchObject({ method: RequestMethod.DELETE, status: 200 });
  });

  it("guards the handler as the entry's access says", () => {
    expect(route(proto.save).guards).toEqual([OwnerGuard]);
    expect(route(proto.list).guards).toEqual([InternalGuard]);
    expect(route(proto.forget).guards).toEqual([]);
  });

  it('refuses to validate with the schema of an entry that declares none', () => {
    // read as any entry: the typed entries have no body or query property to read
    expect(() => ValidBody((listed as Entry).body)).toThrow('ValidBody: the endpoint declares no body schema');
    expect(() => ValidQuery((saved as Entry).query)).toThrow('ValidQuery: the endpoint declares no query schema');
    expect(() => ValidBody(saved.body)).not.toThrow();
  });
});
