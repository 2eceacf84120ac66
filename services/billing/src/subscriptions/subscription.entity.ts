import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PlanId, Platform } from '@sniff/contracts';

/** One plan an owner holds. An owner without an active row is a free user. */
@Entity({ name: 'subscriptions' })
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  @Column({ type: 'text' })
  plan!: PlanId;

  @Column({ type: 'text' })
  platform!: Platform;

  @Column({ type: 'text', default: 'active' })
  status!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
