import { DestinationLink, usePlans } from '@sniff/shell-sdk';
import { entitlementsFor } from '@sniff/contracts';

// The Stores page's word (spec: Your Stores, No stores yet, Delete Store), not the sidebar's "widgets".
const stores = (n: number) => `${n} store${n === 1 ? '' : 's'}`;

/**
 * After a downgrade an owner may hold more widgets than the plan allows: they all keep answering
 * (nothing is lost silently), but no new one can be created until the owner is within the
 * allowance (the stores service refuses it). This says so where the widgets are listed.
 */
export function AllowanceNotice({ count }: { count: number }) {
  const plans = usePlans();
  if (!plans) return null; // still loading: no guess
  const allowed = entitlementsFor(plans).maxStores;
  if (count <= allowed) return null;
  return (
    <p role="status" className="sniff-panel stores-allowance">
      Your plan allows {stores(allowed)}; you have {count}. Existing stores keep working; delete some or{' '}
      <DestinationLink to="billing.subscribe">upgrade</DestinationLink> to create new ones.
    </p>
  );
}
