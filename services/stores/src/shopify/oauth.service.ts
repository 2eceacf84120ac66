import { BadRequestException, ConflictException, Inject, Injectable, Logger, ForbiddenException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { BotActivityDetected, CookieNotFound, InvalidHmacError, InvalidOAuthError } from '@shopify/shopify-api';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  SHOPIFY_CONNECT_COOKIE,
  SHOPIFY_OAUTH_MESSAGE,
  shopifyConnectRequestSchema,
  type ShopifyConnectResponse,
  type ShopifyOauthMessage,
  shopifyStoreExistsMessage,
} from '@sniff/contracts';
import type { z } from 'zod';
import { STORES_CONFIG, StoresConfig } from '../config';
import { StoresService } from '../stores/stores.service';
import { SHOPIFY_CALLBACK_PATH, ShopifyApp } from './shopify-app';

type ConnectBody = z.infer<typeof shopifyConnectRequestSchema>;
const NOT_SET_UP = 'Connecting Shopify is not set up on this server. Upload a CSV catalogue instead.';
/** How long the owner has from "Connect with Shopify" to approving at Shopify. */
const CONNECT_TTL_MINUTES = 10;
const OTHER_BROWSER =
  'this link works only in the browser that asked for it. Click Connect with Shopify again in Sniff.';

interface PendingConnect {
  owner_sub: string;
  browser_hash: string;
  shop: string;
  store_name: string;
  store_nickname: string | null;
}

/** What the gateway's public routes answer with: a redirect, or a page (and the library's cookies either way). */
export interface OauthAnswer {
  status: number;
  location?: string;
  html?: string;
  cookies: string[];
  result?: ShopifyOauthMessage;
  form?: { store_name: string; store_url: string };
  /** false: a page opened outside the flow stays (no redirect into the wizard of that browser). */
  redirect?: boolean;
}

/** POST shopify/connect's answer, and the cookie that binds its link to the asking browser. */
export interface ConnectAnswer {
  body: ShopifyConnectResponse;
  cookie: string;
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The browser value the request's cookie carries ('' when none). */
function browserValue(request: Request): string {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SHOPIFY_CONNECT_COOKIE) return value.join('=');
  }
  return '';
}

/**
 * "Connect with Shopify": OAuth with the official library (scope read_products). The signed-in owner
 * asks for a connection (a ticket, valid 10 minutes, bound to the asking browser by a cookie, so a
 * link opened in another browser connects nothing); the popup opens /shopify/auth?ticket=…, where
 * the library begins OAuth (its state, signed into a cookie) and sends the owner to Shopify; Shopify
 * calls back at /shopify/callback, where the library checks the HMAC and the state and exchanges the
 * code for a token. The pending row is deleted by the callback that completes it, so each connection
 * completes once; the token is sealed at rest and the shop's products are synced.
 */
@Injectable()
export class ShopifyOauthService {
  private readonly logger = new Logger('ShopifyOAuth');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly app: ShopifyApp,
    private readonly stores: StoresService,
  ) {}

  /**
   * POST shopify/connect (signed in): checks everything that can be checked now, returns where the
   * popup goes and the cookie that lets only this browser use it.
   */
  async connect(ownerSub: string, body: ConnectBody): Promise<ConnectAnswer> {
    // Not a fault of the request, and nothing a retry mends: a 403 saying what to do instead.
    if (!this.app.api) throw new ForbiddenException(NOT_SET_UP);
    const dashboard = new URL(this.config.PUBLIC_URL).origin;
    if (body.client_origin !== dashboard)
      throw new BadRequestException({ message: `client_origin must be ${dashboard}`, field: 'client_origin' });
    await this.stores.assertCanCreate(ownerSub, 'shopify');
    const [existing] = await this.stores.findByOwnerAndUrl(ownerSub, body.store_url);
    if (existing)
      throw new ConflictException({
        message: shopifyStoreExistsMessage(body.store_url, existing.id),
        field: 'store_url',
      });
    const ticket = randomBytes(32).toString('base64url');
    const browser = randomBytes(32).toString('base64url');
    await this.db.query(
      `INSERT INTO "stores"."shopify_connects" ("ticket_hash", "browser_hash", "owner_sub", "shop", "store_name", "store_nickname", "client_origin", "expires_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
      [
        hash(ticket),
        hash(browser),
        ownerSub,
        new URL(body.store_url).host,
        body.store_name,
        body.store_nickname ?? null,
        dashboard,
        CONNECT_TTL_MINUTES,
      ],
    );
    // Old, unfinished connections go as new ones come.
    await this.db.query(`DELETE FROM "stores"."shopify_connects" WHERE "expires_at" < now()`);
    return {
      body: { authorize_url: new URL(`/shopify/auth?ticket=${ticket}`, this.config.PUBLIC_URL).href },
      cookie: this.browserCookie(browser, CONNECT_TTL_MINUTES * 60),
    };
  }

  /** Sent only to /shopify/* of the product's origin, never to scripts nor with another site's requests. */
  private browserCookie(value: string, maxAgeSeconds: number): string {
    const secure = new URL(this.config.PUBLIC_URL).protocol === 'https:' ? '; Secure' : '';
    return `${SHOPIFY_CONNECT_COOKIE}=${value}; Path=/shopify; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
  }

  /** GET /shopify/auth?ticket= (public, in the popup): the library begins OAuth; the owner goes to Shopify. */
  async begin(ticket: string, request: Request): Promise<OauthAnswer> {
    const api = this.app.api;
    if (!api) return this.failure(NOT_SET_UP);
    const rows: PendingConnect[] = await this.db.query(
      `SELECT "owner_sub", "browser_hash", "shop", "store_name", "store_nickname" FROM "stores"."shopify_connects"
       WHERE "ticket_hash" = $1 AND "nonce" IS NULL AND "expires_at" > now()`,
      [hash(ticket)],
    );
    const pending = rows[0];
    if (!pending)
      return this.failure('this link has expired or was already used. Start again from Create Search Widget.');
    // Opened elsewhere (sent to someone, say): refused, and the link stays usable where it was asked for.
    const browser = browserValue(request);
    if (!browser || !sameHash(hash(browser), pending.browser_hash))
      return { ...this.failure(OTHER_BROWSER), status: 403, redirect: false };
    const res = (await api.auth.begin({
      shop: pending.shop,
      callbackPath: SHOPIFY_CALLBACK_PATH,
      isOnline: false,
      rawRequest: request,
    })) as Response;
    const location = res.headers.get('location');
    const state = location ? new URL(location).searchParams.get('state') : null;
    if (res.status === 410 || !location || !state)
      return this.failure('this browser could not be told apart from a bot. Open the link in your usual browser.');
    // The library's state finds this row at the callback; taken once only.
    const [, updated] = (await this.db.query(
      `UPDATE "stores"."shopify_connects" SET "nonce" = $2 WHERE "ticket_hash" = $1 AND "nonce" IS NULL`,
      [hash(ticket), state],
    )) as [unknown, number];
    if (!updated) return this.failure('this link was already used. Start again from Create Search Widget.');
    const cookies = [...res.headers.getSetCookie(), this.browserCookie('', 0)]; // its work is done
    return { status: 302, location: this.app.browserUrl(location), cookies };
  }

  /** GET /shopify/callback (public): HMAC, state and code checked by the library; the store is created. */
  async callback(request: Request): Promise<OauthAnswer> {
    const api = this.app.api;
    if (!api) return this.failure(NOT_SET_UP);
    const state = new URL(request.url).searchParams.get('state') ?? '';
    let session;
    let cookies: string[] = [];
    try {
      const done = await api.auth.callback({ rawRequest: request });
      session = done.session;
      cookies = (done.headers as Headers).getSetCookie();
    } catch (err) {
      this.logger.warn(`callback refused: ${(err as Error).name}: ${(err as Error).message}`);
      return this.failure(callbackError(err));
    }
    const [rows] = (await this.db.query(
      `DELETE FROM "stores"."shopify_connects" WHERE "nonce" = $1 AND "expires_at" > now()
       RETURNING "owner_sub", "shop", "store_name", "store_nickname"`,
      [state],
    )) as [PendingConnect[], number];
    const pending = rows[0];
    if (!pending) return this.failure('this connection has expired or was already completed. Start again.', cookies);
    if (pending.shop !== session.shop)
      return this.failure(`Shopify connected ${session.shop}, not ${pending.shop}.`, cookies);
    const storeUrl = `https://${pending.shop}`;
    const form = { store_name: pending.store_name, store_url: storeUrl };
    try {
      await this.stores.assertCanCreate(pending.owner_sub, 'shopify');
      const [existing] = await this.stores.findByOwnerAndUrl(pending.owner_sub, storeUrl);
      if (existing) return this.failure(shopifyStoreExistsMessage(storeUrl, existing.id), cookies, form);
      const store = await this.stores.create(pending.owner_sub, {
        platform: 'shopify',
        name: pending.store_name,
        nickname: pending.store_nickname,
        url: storeUrl,
        storeType: 'store',
        source: 'shopify-oauth',
        sourceConfig: { shop: pending.shop },
        credential: session.accessToken,
      });
      const result: ShopifyOauthMessage = {
        type: SHOPIFY_OAUTH_MESSAGE,
        success: true,
        store_id: store.id,
        platform: 'shopify',
        store_url_from_callback: storeUrl,
      };
      return { status: 200, cookies, result, form };
    } catch (err) {
      return this.failure((err as Error).message, cookies, form);
    }
  }

  /** The result page's failure, in the words of section 4 ("Shopify connection failed: ..."). */
  failure(error: string, cookies: string[] = [], form?: OauthAnswer['form']): OauthAnswer {
    return { status: 200, cookies, result: { type: SHOPIFY_OAUTH_MESSAGE, success: false, error }, form };
  }
}

/** The library's refusals in words for the owner. */
function callbackError(err: unknown): string {
  if (err instanceof CookieNotFound)
    return "the connection took too long, or this browser blocked Sniff's cookie. Please try again.";
  if (err instanceof InvalidOAuthError || err instanceof InvalidHmacError)
    return 'the answer from Shopify could not be verified. Please try again.';
  if (err instanceof BotActivityDetected) return 'this browser could not be told apart from a bot.';
  return 'Shopify did not grant access. Please try again.';
}
