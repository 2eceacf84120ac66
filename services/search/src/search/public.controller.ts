import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { SearchEvent, searchEventSchema, searchQuerySchema } from '@sniff/contracts';
import { ValidQuery, ZodPipe } from '@sniff/service-kit';
import type { z } from 'zod';
import { SearchService } from './search.service';
import { JsonTextPipe } from './text-body.middleware';

/** The widget's API: public, keyed by store id (the gateway adds CORS). */
@Controller('v1/stores/:id')
export class PublicController {
  constructor(private readonly search: SearchService) {}

  @Get('search')
  query(@Param('id') storeId: string, @ValidQuery(searchQuerySchema) query: z.infer<typeof searchQuerySchema>) {
    return this.search.search(storeId, query.q, query.limit);
  }

  @Post('events')
  @HttpCode(202)
  event(@Param('id') storeId: string, @Body(new JsonTextPipe(), new ZodPipe(searchEventSchema)) event: SearchEvent) {
    return this.search.recordEvent(storeId, event);
  }
}
