import { useEffect, useState } from 'react';
import { useBillingAccountQuery, useUsageQuery, useUserInfoQuery } from '@sniff/shell-sdk/shared-data';

/** How often and how long the overview asks again for the plan a checkout just bought. */
export const PLAN_POLL_MS = 2_000;
export const PLAN_WAIT_MS = 10_000;

/**
 * After a checkout (?success=true) the plan arrives by the provider's webhook a moment later: the
 * owner's plans (the platform's, through the shared info/user cache entry), subscriptions and usage
 * (its quota follows the plan) are asked for again every PLAN_POLL_MS until a paid plan shows or PLAN_WAIT_MS have passed.
 */
export function useAwaitPaidPlan(waiting: boolean): void {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setExpired(true), PLAN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const polling = waiting && !expired;
  const options = { skip: !polling, pollingInterval: polling ? PLAN_POLL_MS : 0 };
  useUserInfoQuery(undefined, options);
  useBillingAccountQuery(undefined, options);
  useUsageQuery(undefined, options);
}
