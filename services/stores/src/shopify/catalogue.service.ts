import { BadRequestException, ConflictException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import type { Owner } from '@sniff/service-kit';
import { type FormFile, ownEmail, readForm } from '@sniff/service-kit';
import {
  CATALOGUE_MAX_BYTES,
  CATALOGUE_TOO_LARGE,
  CSV_FILE_INVALID,
  type ReplaceCatalogueResponse,
  type ShopifyCsvResponse,
  shopifyStoreExistsMessage,
  storesEndpoints,
} from '@sniff/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { StoresService } from '../stores/stores.service';
import { CatalogueFileError, parseCatalogue } from './catalogue-csv';

const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];
const { createShopifyStoreFromCsv: entry, replaceShopifyCatalogue: replaceEntry } = storesEndpoints;
type Fields = z.infer<NonNullable<typeof entry.body>>;
type ParsedCatalogue = Awaited<ReturnType<typeof parseCatalogue>>;

/** The form as the registry describes it: its text fields, then the file. */
const FILE = {
  maxFileBytes: CATALOGUE_MAX_BYTES,
  fileTooLarge: CATALOGUE_TOO_LARGE,
  notMultipart: 'Send the catalogue as multipart/form-data, with the file in csv_file',
  missingFile: `${CSV_FILE_INVALID}: csv_file is missing`,
};
const FORM = { fields: entry.body!, file: entry.file!, ...FILE };
const REPLACE_FORM = { fields: replaceEntry.body!, file: replaceEntry.file!, ...FILE };

/** A file with no product to import creates or replaces nothing: 400 naming the first bad row. */
function refuseEmpty(parsed: ParsedCatalogue): void {
  if (parsed.items.length) return;
  const first = parsed.rejected[0];
  throw new BadRequestException({
    message: first
      ? `No product could be imported. Row ${first.row}, ${first.column}: ${first.message}`
      : 'The CSV file has no products: add one row per product under the header row.',
    field: 'csv_file',
  });
}

/** Parses the file as a catalogue of the shop at `storeUrl`, its problems answered as 400 (413 when too large). */
async function parseFile(file: FormFile, storeUrl: string): Promise<ParsedCatalogue> {
  try {
    const named = file.filename.toLowerCase().endsWith('.csv');
    if (!named && !CSV_TYPES.includes(file.mimetype))
      throw new BadRequestException({ message: CSV_FILE_INVALID, field: 'csv_file' });
    return await parseCatalogue(file.stream, storeUrl);
  } catch (err) {
    if (err instanceof CatalogueFileError) {
      if (err.status === 413) throw new PayloadTooLargeException(err.message);
      throw new BadRequestException({ message: err.message, field: 'csv_file' });
    }
    throw err;
  }
}

/**
 * shopify/create-store-csv/: a Shopify store from an uploaded product catalogue. The form's fields
 * come first and are checked (plan, allowance, shop not yet connected) before the file is read; the
 * file is parsed as it streams in. Good rows become the store's products, bad ones are reported by
 * line and column; a form or file that cannot be a catalogue creates nothing.
 */
@Injectable()
export class CatalogueService {
  constructor(private readonly stores: StoresService) {}

  async upload(owner: Owner, req: FastifyRequest): Promise<ShopifyCsvResponse> {
    const { fields: body, file: parsed } = await readForm(req, FORM, (fields, file) => this.read(owner, fields, file));
    refuseEmpty(parsed);
    const shopUrl = body.store_url;
    const store = await this.stores.create(owner.sub, {
      platform: 'shopify',
      name: body.store_name,
      nickname: body.store_nickname,
      url: shopUrl,
      storeType: 'store',
      source: 'shopify-csv',
      sourceConfig: { shop: new URL(shopUrl).host, uploadedAt: new Date().toISOString() },
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

  /**
   * shopify/replace-catalogue: a new file for the owner's catalogue store, checked as the first upload was
   * (same columns, formats and limits); its products replace the store's, and a sync indexes them.
   */
  async replace(owner: Owner, req: FastifyRequest): Promise<ReplaceCatalogueResponse> {
    const { fields, file: parsed } = await readForm(req, REPLACE_FORM, async (body, file) => {
      ownEmail(owner, body.email);
      const store = (await this.stores.list(owner.sub)).find((s) => s.id === body.store_id);
      if (!store || store.source !== 'shopify-csv') throw await this.stores.catalogueRefusal(owner.sub, body.store_id);
      return parseFile(file, store.url);
    });
    refuseEmpty(parsed);
    const answer = await this.stores.replaceCatalogue(owner.sub, fields.store_id, parsed.items);
    return { ...answer, rejected: parsed.rejected, rejected_count: parsed.rejectedCount };
  }

  /** Checks the fields that came before the file, then parses the file. */
  private async read(owner: Owner, body: Fields, file: FormFile) {
    ownEmail(owner, body.email);
    await this.stores.assertCanCreate(owner.sub, 'shopify');
    const [existing] = await this.stores.findByOwnerAndUrl(owner.sub, body.store_url);
    if (existing)
      throw new ConflictException({
        message: shopifyStoreExistsMessage(body.store_url, existing.id),
        field: 'store_url',
      });
    return parseFile(file, body.store_url);
  }
}
