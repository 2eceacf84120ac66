import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanId, Platform, SubscriptionStatus } from '@sniff/contracts';

/**
 * One plan an owner holds or held: a Stripe subscription as last read from Stripe, or a seed grant
 * (BILLING_SEED_PLANS). An owner without a row that grants access is a free user.
 */
@Entity({ name: 'subscriptions' })
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  /** The plan id, which is also the Stripe price's lookup key. */
  @Column({ type: 'text' })
  plan!: PlanId;

  @Column({ type: 'text' })
  platform!: Platform;

  @Column({ type: 'text', default: 'active' })
  status!: SubscriptionStatus;

  @Column({ type: 'text' })
  source!: 'stripe' | 'seed';

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId!: string | null;

  @Column({ name: 'trial_end', type: 'timestamptz', nullable: true })
  trialEnd!: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'payment_failed', type: 'boolean', default: false })
  paymentFailed!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
