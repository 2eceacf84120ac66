export { AppModule } from './app.module';
export { billingConfigSchema, parseSeedPlans, platformOfPlan } from './config';
export type { BillingConfig } from './config';
