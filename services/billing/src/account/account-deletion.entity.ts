import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AccountDeletionStep } from '@sniff/contracts';

/** An owner's request to delete their account, and how far its job got. */
@Entity({ name: 'account_deletions' })
export class AccountDeletion {
  @PrimaryColumn({ name: 'owner_sub', type: 'text' })
  ownerSub!: string;

  /** Cleared when the deletion finishes. */
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** When each step was done (ISO time by step). */
  @Column({ type: 'jsonb' })
  steps!: Partial<Record<AccountDeletionStep, string>>;

  /** The owner's stores as the stores service listed them before deleting them. */
  @Column({ name: 'store_ids', type: 'jsonb' })
  storeIds!: string[];

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
