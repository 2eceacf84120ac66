import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An owner's Stripe customer, and the checkout they have open (one at a time). */
@Entity({ name: 'customers' })
export class Customer {
  @PrimaryColumn({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  @Column({ name: 'stripe_customer_id', type: 'text' })
  stripeCustomerId!: string;

  @Column({ name: 'open_checkout_session_id', type: 'text', nullable: true })
  openCheckoutSessionId!: string | null;

  @Column({ name: 'open_checkout_expires_at', type: 'timestamptz', nullable: true })
  openCheckoutExpiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
