import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { OwnerGuard, ValidBody } from '@sniff/service-kit';
import { crawlMapRequestSchema, CrawlMapResponse } from '@sniff/contracts';
import type { z } from 'zod';
import { DiscoveryService } from './discovery.service';

@Controller('crawl')
@UseGuards(OwnerGuard)
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  /** POST /crawl/map {url} -> {urls}: the pages an owner can choose to index. */
  @Post('map')
  @HttpCode(200)
  map(@ValidBody(crawlMapRequestSchema) body: z.infer<typeof crawlMapRequestSchema>): Promise<CrawlMapResponse> {
    return this.discovery.map(body.url);
  }
}
