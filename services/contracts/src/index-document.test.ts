import { describeZodError } from './validation';
import { indexDocumentsRequestSchema } from './search';

const doc = { id: 'd1', url: 'https://shop.example/pricing', title: 'Pricing' };
const refusal = (documents: object[]) => {
  const result = indexDocumentsRequestSchema.safeParse({ documents });
  return result.success ? null : describeZodError(result.error);
};

describe('indexDocumentSchema', () => {
  it('takes absolute http and https URLs for the page and its image', () => {
    expect(
      refusal([doc, { ...doc, id: 'd2', url: 'http://127.0.0.1:8095/', imageUrl: 'https://cdn.example/a.png' }]),
    ).toBeNull();
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '/pricing',
    '//evil.example/x',
    'not a url',
    '',
  ])('refuses the page URL %j, naming the field', (url) => {
    expect(refusal([doc, { ...doc, url }])).toEqual({
      field: 'documents.1.url',
      message: 'documents.1.url: must be an absolute http(s) URL',
    });
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'img/a.png'])(
    'refuses the image URL %j, naming the field',
    (imageUrl) => {
      expect(refusal([{ ...doc, imageUrl }])).toEqual({
        field: 'documents.0.imageUrl',
        message: 'documents.0.imageUrl: must be an absolute http(s) URL',
      });
    },
  );
});
