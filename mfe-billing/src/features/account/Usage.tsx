import { errorMessage } from '@sniff/shell-sdk';
import { useUsageQuery } from '@sniff/shell-sdk/shared-data';
import { UsageMeter } from '@sniff/billing-ui';
import { Loadable } from './Section';

/** This month's searches against the plan's quota. */
export function Usage() {
  const usage = useUsageQuery();
  return (
    <section aria-labelledby="billing-usage" className="billing-part">
      <h4 id="billing-usage">Searches this month</h4>
      <Loadable
        what="usage"
        isLoading={usage.isLoading}
        error={usage.isError ? errorMessage(usage.error) : null}
        onRetry={() => void usage.refetch()}
      >
        {() => usage.data && <UsageMeter usage={usage.data} upgrade={<a href="#choose-plan">See the plans</a>} />}
      </Loadable>
    </section>
  );
}
