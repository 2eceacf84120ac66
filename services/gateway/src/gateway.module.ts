import { DynamicModule, Module, OnApplicationShutdown } from '@nestjs/common';
import { AlertsUnsubscribeProxy } from './alerts-unsubscribe';
import { ApiProxy } from './api-proxy';
import { ClientAddresses } from '@sniff/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { PagePolicy } from './content-security-policy';
import { closeAgents } from './forward';
import { Frontend } from './frontend';
import { PublicApi } from './public-api';
import { PublicSite } from './public-site';
import { RateLimits } from './rate-limits';
import { RemoteRegistry } from './remote-registry';
import { Revocations } from './revocations';
import { ShopifyOauthProxy } from './shopify-oauth';
import { StripeWebhookProxy } from './stripe-webhook';
import { TokenVerifier } from './token-verifier';

/** The gateway's parts; its routes are in routes.ts (no controllers). */
@Module({})
export class GatewayModule implements OnApplicationShutdown {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: ClientAddresses, useValue: new ClientAddresses(config.TRUSTED_PROXIES) },
        // Connects to RATE_LIMIT_STORE_URL's store (if any) before the gateway listens; closed on shutdown.
        { provide: RateLimits, useFactory: () => RateLimits.create(config) },
        TokenVerifier,
        // Reads the list of deleted accounts before the gateway listens (app.listen runs bootstrap hooks first).
        Revocations,
        ApiProxy,
        PublicApi,
        StripeWebhookProxy,
        ShopifyOauthProxy,
        AlertsUnsubscribeProxy,
        PublicSite,
        PagePolicy,
        RemoteRegistry,
        Frontend,
      ],
    };
  }

  onApplicationShutdown(): Promise<void> {
    return closeAgents();
  }
}
