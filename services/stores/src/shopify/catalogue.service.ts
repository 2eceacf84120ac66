import type { MultipartFile } from '@fastify/multipart';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  Injectable,
  PayloadTooLargeException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import type { Owner } from '@sniff/service-kit';
import { ZodPipe } from '@sniff/service-kit';
import {
  CATALOGUE_MAX_BYTES,
  CATALOGUE_TOO_LARGE,
  CSV_FILE_INVALID,
  shopifyCsvFieldsSchema,
  type ShopifyCsvResponse,
  shopifyStoreExistsMessage,
} from '@sniff/contracts';
import type { FastifyRequest } from 'fastify';
import { StoresService } from '../stores/stores.service';
import { CatalogueFileError, parseCatalogue, type ParsedCatalogue } from './catalogue-csv';

const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];
const fields = new ZodPipe(shopifyCsvFieldsSchema);

/**
 * shopify/create-store-csv/: a Shopify store from an uploaded product catalogue. The form's fields
 * come first and are checked (plan, allowance, shop not yet connected) before the file is read; the
 * file is parsed as it streams in. Good rows become the store's products, bad ones are reported by
 * line and column; a file that cannot be a catalogue creates nothing.
 */
@Injectable()
export class CatalogueService {
  constructor(private readonly stores: StoresService) {}

  async upload(owner: Owner, req: FastifyRequest): Promise<ShopifyCsvResponse> {
    if (!req.isMultipart())
      throw new UnsupportedMediaTypeException('Send the catalogue as multipart/form-data, with the file in csv_file');
    const form: Record<string, string> = {};
    let result: { parsed: ParsedCatalogue; shopUrl: string; body: ReturnType<typeof fields.transform> } | null = null;
    const parts = req.parts({ limits: { files: 1, fields: 10, fieldSize: 4096, fileSize: CATALOGUE_MAX_BYTES } });
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          form[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'csv_file' || result) {
          part.file.resume();
          continue;
        }
        result = await this.read(owner, form, part);
      }
    } catch (err) {
      throw uploadError(err);
    }
    if (!result)
      throw new BadRequestException({ message: `${CSV_FILE_INVALID}: csv_file is missing`, field: 'csv_file' });
    const { parsed, shopUrl, body } = result;
    if (!parsed.items.length) {
      const first = parsed.rejected[0];
      throw new BadRequestException({
        message: first
          ? `No product could be imported. Row ${first.row}, ${first.column}: ${first.message}`
          : 'The CSV file has no products: add one row per product under the header row.',
        field: 'csv_file',
      });
    }
    const store = await this.stores.create(owner.sub, {
      platform: 'shopify',
      name: body.store_name,
      nickname: body.store_nickname,
      url: shopUrl,
      storeType: 'store',
      source: 'shopify-csv',
      sourceConfig: { shop: new URL(shopUrl).host },
      items: parsed.items,
    });
    return {
      store_id: store.id,
      platform: 'shopify',
      store_url: store.url,
      source: 'shopify-csv',
      imported: parsed.items.length,
      rejected: parsed.rejected,
      rejected_count: parsed.rejectedCount,
    };
  }

  /** Checks the fields that came before the file, then parses the file. */
  private async read(owner: Owner, form: Record<string, string>, file: MultipartFile) {
    try {
      const body = fields.transform(form);
      if (body.email.trim().toLowerCase() !== owner.email.trim().toLowerCase())
        throw new ForbiddenException('email does not match the signed-in user');
      await this.stores.assertCanCreate(owner.sub, 'shopify');
      const [existing] = await this.stores.findByOwnerAndUrl(owner.sub, body.store_url);
      if (existing)
        throw new ConflictException({
          message: shopifyStoreExistsMessage(body.store_url, existing.id),
          field: 'store_url',
        });
      const named = file.filename.toLowerCase().endsWith('.csv');
      if (!named && !CSV_TYPES.includes(file.mimetype))
        throw new BadRequestException({ message: CSV_FILE_INVALID, field: 'csv_file' });
      const parsed = await parseCatalogue(file.file, body.store_url);
      if (file.file.truncated) throw new PayloadTooLargeException(CATALOGUE_TOO_LARGE);
      return { parsed, shopUrl: body.store_url, body };
    } catch (err) {
      file.file.resume(); // the rest of the upload is read and dropped, so the answer can go out
      if (err instanceof CatalogueFileError) {
        if (err.status === 413) throw new PayloadTooLargeException(err.message);
        throw new BadRequestException({ message: err.message, field: 'csv_file' });
      }
      throw err;
    }
  }
}

/** The multipart reader's own failures as the 4xx an owner can act on. */
function uploadError(err: unknown): unknown {
  if (err instanceof HttpException) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeException(CATALOGUE_TOO_LARGE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new PayloadTooLargeException('The form has more fields or files than a catalogue upload needs');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new UnsupportedMediaTypeException('Send the catalogue as multipart/form-data, with the file in csv_file');
  if (
    err instanceof Error &&
    /Unexpected end of (form|multipart data)|Malformed part header|boundary/i.test(err.message)
  )
    return new BadRequestException({
      message: 'The upload was cut off or is not a valid form. Please try again.',
      field: 'csv_file',
    });
  return err;
}
