import { Controller } from '@nestjs/common';
import { type BodyOf, Endpoint, ValidBody } from '@sniff/service-kit';
import { CrawlMapResponse, storesEndpoints } from '@sniff/contracts';
import { DiscoveryService } from './discovery.service';

const { crawlMap } = storesEndpoints;

@Controller()
export class DiscoveryController {
  constructor(private readonly discovery: DiscoveryService) {}

  /** POST /crawl/map {url, sitemap_url?} -> {urls}: the pages an owner can choose to index. */
  @Endpoint(crawlMap)
  map(@ValidBody(crawlMap.body) body: BodyOf<typeof crawlMap>): Promise<CrawlMapResponse> {
    return this.discovery.map(body.url, body.sitemap_url);
  }
}
