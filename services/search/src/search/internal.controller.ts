import { Controller, Delete, Param, Put, UseGuards } from '@nestjs/common';
import { indexDocumentsRequestSchema } from '@sniff/contracts';
import { InternalGuard, ValidBody } from '@sniff/service-kit';
import type { z } from 'zod';
import { SearchService } from './search.service';

/** Called by the stores service after ingestion and when a store is deleted. */
@Controller('internal/stores/:id')
@UseGuards(InternalGuard)
export class InternalController {
  constructor(private readonly search: SearchService) {}

  @Put('documents')
  replace(
    @Param('id') storeId: string,
    @ValidBody(indexDocumentsRequestSchema) body: z.infer<typeof indexDocumentsRequestSchema>,
  ) {
    return this.search.replaceDocuments(storeId, body.documents);
  }

  @Delete()
  remove(@Param('id') storeId: string) {
    return this.search.deleteStore(storeId);
  }
}
