import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { Repository } from 'typeorm';
import type { BillingAccountResponse, Invoice, PortalSessionResponse } from '@sniff/contracts';
import type { Owner } from '@sniff/service-kit';
import { RevokedSubjects } from '../revocations/revoked-subjects';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { STRIPE } from '../stripe-client';
import { BILLING_URLS, type BillingUrls } from './billing-urls';
import { Customer } from './customer.entity';
import { callStripe } from './stripe-failure';

const INVOICE_STATUSES: readonly Invoice['status'][] = ['draft', 'open', 'paid', 'uncollectible', 'void'];
/** Invoices shown: two years of monthly ones. */
const INVOICES_SHOWN = 24;

export function toInvoice(invoice: Stripe.Invoice): Invoice {
  const status = INVOICE_STATUSES.find((s) => s === invoice.status) ?? 'draft';
  return {
    id: invoice.id ?? '',
    date: new Date(invoice.created * 1000).toISOString(),
    amountCents: invoice.total,
    currency: invoice.currency,
    status,
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** "Manage billing" (Stripe's billing portal) and the owner's subscriptions and invoices. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('BillingAccount');

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(BILLING_URLS) private readonly urls: BillingUrls,
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    private readonly subscriptions: SubscriptionsService,
    private readonly revoked: RevokedSubjects,
  ) {}

  async portal(owner: Owner): Promise<PortalSessionResponse> {
    // A deleted account's subscriptions are canceled by its deletion, not changed in the portal.
    await this.revoked.refuse(owner.sub);
    const [customer, history] = await Promise.all([
      this.customers.findOneBy({ ownerSub: owner.sub }),
      this.subscriptions.historyOf(owner.sub),
    ]);
    // A customer whose checkouts never completed has nothing in the portal to manage.
    if (!customer || !history.some((s) => s.source === 'stripe')) {
      throw new ConflictException('You have no subscription to manage yet.');
    }
    const session = await callStripe(
      this.logger,
      'billingPortal.sessions.create',
      'Manage billing could not be opened. Please try again or contact support if the issue persists.',
      () =>
        this.stripe.billingPortal.sessions.create({
          customer: customer.stripeCustomerId,
          return_url: `${this.urls.publicUrl}/dashboard/subscribe`,
        }),
    );
    return { url: session.url };
  }

  /** Subscriptions from our records (as the webhooks left them); invoices from Stripe. */
  async account(owner: Owner): Promise<BillingAccountResponse> {
    const [subscriptions, customer] = await Promise.all([
      this.subscriptions.historyOf(owner.sub),
      this.customers.findOneBy({ ownerSub: owner.sub }),
    ]);
    if (!customer) return { subscriptions, invoices: [] };
    const invoices = await callStripe(
      this.logger,
      'invoices.list',
      'Your invoices could not be loaded from Stripe. Please try again in a moment.',
      () => this.stripe.invoices.list({ customer: customer.stripeCustomerId, limit: INVOICES_SHOWN }),
    );
    return { subscriptions, invoices: invoices.data.map(toInvoice) };
  }
}
