import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { BodyLimit, type BodyOf, CurrentOwner, Endpoint, Multipart, Owner, ValidBody } from '@sniff/service-kit';
import {
  CATALOGUE_MAX_BYTES,
  CATALOGUE_TOO_LARGE,
  storesEndpoints,
  type ShopifyCheckStoreResponse,
  type ShopifyConnectResponse,
  type ReplaceCatalogueResponse,
  type ShopifyCsvResponse,
} from '@sniff/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STORES_CONFIG, StoresConfig } from '../config';
import { StoresService } from '../stores/stores.service';
import { CatalogueService } from './catalogue.service';
import { type OauthAnswer, ShopifyOauthService } from './oauth.service';
import { RESULT_PAGE_POLICY, resultPage } from './result-page';

const {
  checkShopifyStore,
  createShopifyStoreFromCsv,
  replaceShopifyCatalogue,
  connectShopify,
  shopifyOauthBegin,
  shopifyOauthCallback,
} = storesEndpoints;

@Controller()
export class ShopifyController {
  constructor(
    private readonly stores: StoresService,
    private readonly catalogue: CatalogueService,
    private readonly oauth: ShopifyOauthService,
  ) {}

  /** POST shopify/check-store {email, store_url} -> {exists, store_id}: the wizard asks before step 3. */
  @Endpoint(checkShopifyStore)
  checkStore(
    @CurrentOwner() owner: Owner,
    @ValidBody(checkShopifyStore.body) body: BodyOf<typeof checkShopifyStore>,
  ): Promise<ShopifyCheckStoreResponse> {
    return this.stores.checkShopifyStore(owner.sub, body.store_url);
  }

  /**
   * POST shopify/create-store-csv/ (multipart: the fields, then csv_file). No @ValidBody: the catalogue
   * service reads the upload as it streams in and validates the fields itself.
   */
  @Endpoint(createShopifyStoreFromCsv)
  @Multipart()
  @BodyLimit(CATALOGUE_MAX_BYTES + 64 * 1024, CATALOGUE_TOO_LARGE) // the file and a few short fields
  createFromCsv(@CurrentOwner() owner: Owner, @Req() req: FastifyRequest): Promise<ShopifyCsvResponse> {
    return this.catalogue.upload(owner, req);
  }

  /** POST shopify/replace-catalogue (multipart: store_id and email, then csv_file): a catalogue store's new file. */
  @Endpoint(replaceShopifyCatalogue)
  @Multipart()
  @BodyLimit(CATALOGUE_MAX_BYTES + 64 * 1024, CATALOGUE_TOO_LARGE)
  replaceCatalogue(@CurrentOwner() owner: Owner, @Req() req: FastifyRequest): Promise<ReplaceCatalogueResponse> {
    return this.catalogue.replace(owner, req);
  }

  /** POST shopify/connect -> {authorize_url}: where the "Connect with Shopify" popup goes (in this browser only). */
  @Endpoint(connectShopify)
  async connect(
    @CurrentOwner() owner: Owner,
    @ValidBody(connectShopify.body) body: BodyOf<typeof connectShopify>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShopifyConnectResponse> {
    const answer = await this.oauth.connect(owner.sub, body);
    reply.header('set-cookie', answer.cookie);
    return answer.body;
  }
}

/**
 * The two steps of OAuth the owner's browser takes without a Sniff token, exposed by the gateway as
 * GET /shopify/auth and GET /shopify/callback. Each answers a redirect or a small page, never JSON: so
 * `begin` checks its query itself (a bad link is a page saying so, not @ValidQuery's 400 JSON), with
 * the entry's schema all the same, and each sets its own status on the reply.
 */
@Controller()
export class ShopifyOauthController {
  constructor(
    private readonly oauth: ShopifyOauthService,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
  ) {}

  @Endpoint(shopifyOauthBegin)
  async begin(@Query() query: unknown, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const parsed = shopifyOauthBegin.query!.safeParse(query);
    const answer = parsed.success
      ? await this.oauth.begin(parsed.data.ticket, this.webRequest(req))
      : this.oauth.failure('the link is incomplete. Start again from Create Search Widget.');
    this.send(reply, answer);
  }

  @Endpoint(shopifyOauthCallback)
  async callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    this.send(reply, await this.oauth.callback(this.webRequest(req)));
  }

  /** The request as the library's web adapter reads it: the public URL it was sent to, and its headers. */
  private webRequest(req: FastifyRequest): Request {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    // The gateway forwards /shopify/<step> to /shopify/oauth/<step>; the library sees the public path.
    const path = req.url.replace(/^\/shopify\/oauth\/(begin|callback)/, (_m, step: string) =>
      step === 'begin' ? '/shopify/auth' : '/shopify/callback',
    );
    return new Request(new URL(path, this.config.PUBLIC_URL), { headers });
  }

  private send(reply: FastifyReply, answer: OauthAnswer): void {
    reply.header('cache-control', 'no-store');
    if (answer.cookies.length) reply.header('set-cookie', answer.cookies);
    if (answer.location) {
      reply.code(302).header('location', answer.location).send();
      return;
    }
    reply
      .code(answer.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', RESULT_PAGE_POLICY)
      .header('referrer-policy', 'no-referrer')
      .send(resultPage(this.config.PUBLIC_URL, answer.result!, answer.form, answer.redirect));
  }
}
