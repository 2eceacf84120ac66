import { startTestService, testConfig, type TestService } from '@sniff/service-kit/testing';
import { AppModule as BillingModule } from '../../../billing/src/app.module';
import { plansOnlyBillingConfig } from '../../../billing/src/plans-only-config';
import { AppModule } from '../app.module';
import type { StoresConfig } from '../config';
import { storesTestConfig } from './config';

/**
 * The billing service as the stores service's tests need it: on `dbUrl`, answering each owner's plans from
 * `plans` ("owner:plan" pairs, an owner once per plan it holds) and nothing of Stripe.
 */
export function startPlansBilling(dbUrl: string, plans: string[], port?: number): Promise<TestService> {
  const config = plansOnlyBillingConfig(testConfig(dbUrl), plans.join(','));
  return startTestService(BillingModule.forRoot(config), config, port);
}

/** The stores service on `dbUrl`: its defaults with a fresh secrets key, then `overrides` (the other services' URLs, shorter waits). */
export function startStores(dbUrl: string, overrides: Partial<StoresConfig>, port?: number): Promise<TestService> {
  const config = storesTestConfig(testConfig(dbUrl), overrides);
  return startTestService(AppModule.forRoot(config), config, port);
}
