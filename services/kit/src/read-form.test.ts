import { Controller, DynamicModule, HttpCode, Module, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptsUploads, BodyLimit, KB, Multipart, readForm } from './index';
import { startTestService, testConfig, TestService } from './testing';

const noteForm = {
  fields: z.object({ title: z.string().min(1, 'title is required'), tag: z.string().optional() }),
  file: 'doc',
  maxFileBytes: 16 * KB,
  fileTooLarge: 'The document is larger than 16 KB',
  notMultipart: 'Send the note as multipart/form-data',
};

@Controller()
class NotesController {
  /** Like the catalogue upload: the fields, then the file, read as it streams in. */
  @Post('notes')
  @HttpCode(200)
  @Multipart()
  @BodyLimit(64 * KB)
  async create(@Req() req: FastifyRequest) {
    return readForm(req, noteForm, async (_fields, file) => {
      let text = '';
      for await (const chunk of file.stream) text += String(chunk);
      return { filename: file.filename, text };
    });
  }
}

@Module({})
class NotesModule {
  static forRoot(): DynamicModule {
    return { module: NotesModule, controllers: [NotesController], providers: [acceptsUploads()] };
  }
}

// Forms written byte by byte, as no browser would send them.
const B = 'kit-boundary';
const field = (name: string, value: string, headers = '') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`;
const doc = (text = 'hello', name = 'doc') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n`;
const end = `--${B}--\r\n`;

describe('readForm: a multipart upload read by the kit rules', () => {
  let svc: TestService;
  beforeAll(async () => {
    // No database: the route reads a form and stores nothing.
    const config = testConfig('postgres://unused@127.0.0.1:1/unused');
    svc = await startTestService(NotesModule.forRoot(), config);
  });
  afterAll(() => svc?.close());

  /** Every answer comes within a second: a form the reader cannot finish must not hang. */
  const send = (body: string | Buffer | ReadableStream, contentType = `multipart/form-data; boundary=${B}`) =>
    fetch(`${svc.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? Buffer.from(body) : body,
      signal: AbortSignal.timeout(1_000),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const answer = async (res: Response) => {
    const body = (await res.json()) as { message?: string; field?: string };
    return [res.status, body.message, body.field];
  };

  it('hands the fields sent before the file, validated, and the file to the route', async () => {
    const res = await send(
      field('title', 'Shopping') + field('tag', 'home') + field('unknown', 'ignored') + doc() + end,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      fields: { title: 'Shopping', tag: 'home' },
      file: { filename: 'note.txt', text: 'hello' },
    });
  });

  it('refuses text Postgres cannot store in any field, its value or its name, as JSON bodies are refused', async () => {
    const nul = 'must not contain NUL characters or unpaired surrogates';
    // "x\uDC00" in UTF-16: a part may name its charset, and is decoded by it.
    const utf16 = Buffer.from([0x78, 0x00, 0x00, 0xdc]).toString('latin1');
    const cases: [string | Buffer, (string | undefined)[]][] = [
      [field('title', 'a\u0000b') + doc() + end, [`title ${nul}`, 'title']],
      [field('title', 'ok') + field('unknown', '\u0000') + doc() + end, [`unknown ${nul}`, 'unknown']],
      [field('title', 'ok') + field('ta\u0000g', 'x') + doc() + end, [`ta\\u0000g ${nul}`, 'ta\\u0000g']],
      [
        Buffer.from(
          field('title', 'ok') + field('tag', utf16, 'Content-Type: text/plain; charset=utf-16le\r\n') + doc() + end,
          'latin1',
        ),
        [`tag ${nul}`, 'tag'],
      ],
    ];
    for (const [body, [message, name]] of cases) expect(await answer(await send(body))).toEqual([400, message, name]);
  });

  it('answers a form it cannot take with a 4xx naming the problem, at once', async () => {
    const title = field('title', 'Shopping');
    const cutOff = 'The form ends before its closing boundary (the upload was cut off). Please try again.';
    const cases: [string | Buffer, string | undefined, (string | number | undefined)[]][] = [
      [doc() + title + end, undefined, [400, 'title must come before the file in the form', 'title']],
      [
        title + doc() + field('tag', 'late') + end,
        undefined,
        [400, 'tag must come before the file in the form', 'tag'],
      ],
      [doc() + end, undefined, [400, 'title must come before the file in the form', 'title']],
      [field('title', '') + doc() + end, undefined, [400, 'title: title is required', 'title']],
      [title + end, undefined, [400, 'doc is missing', 'doc']],
      [
        Array.from({ length: 11 }, (_, i) => field(`f${i}`, 'x')).join('') + doc() + end,
        undefined,
        [413, 'The form has more than 10 text fields', undefined],
      ],
      [title + doc() + doc('again') + end, undefined, [413, 'The form has more than one file', undefined]],
      [title + doc('x'.repeat(17 * KB)) + end, undefined, [413, 'The document is larger than 16 KB', undefined]],
      [
        field('title', 'x'.repeat(5 * KB)) + doc() + end,
        undefined,
        [413, 'title is longer than 4096 bytes, the most a form field holds', undefined],
      ],
      [title + doc().slice(0, -4), undefined, [400, cutOff, 'doc']],
      [title.slice(0, -6), undefined, [400, cutOff, 'doc']],
      ['', undefined, [400, cutOff, 'doc']],
      [
        title + doc() + end,
        'multipart/form-data',
        [400, 'The Content-Type multipart/form-data has no boundary', undefined],
      ],
      ['{"title":"x"}', 'application/json', [415, 'Send the note as multipart/form-data', undefined]],
    ];
    for (const [body, type, expected] of cases) expect(await answer(await send(body, type))).toEqual(expected);
  });

  it('stops a chunked form (no Content-Length) at the route body limit', async () => {
    // A part busboy skips (no Content-Disposition) is read and dropped: only the byte count stops it.
    const head = field('title', 'x') + `--${B}\r\nX-Other: 1\r\n\r\n`;
    const chunk = new Uint8Array(16 * KB).fill(0x61);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) return controller.enqueue(new TextEncoder().encode(head));
        if (sent > 64) return controller.close();
        controller.enqueue(chunk);
      },
    });
    expect(await answer(await send(body))).toEqual([
      413,
      'Request body is larger than 64 KB, the limit of this route',
      undefined,
    ]);
  });
});
