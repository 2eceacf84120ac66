import { errorMessage } from '@sniff/shell-sdk';
import { useBillingAccountQuery } from '@sniff/shell-sdk/shared-data';
import { formatDay } from '@sniff/billing-ui';
import type { Invoice } from '@sniff/contracts';
import { Loadable } from './Section';

function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    // A currency code Intl does not know.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const STATUS: Record<Invoice['status'], string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

/** Past invoices: date, amount, status and the provider's receipt page. */
export function Invoices() {
  const account = useBillingAccountQuery();
  return (
    <section aria-labelledby="billing-invoices" className="billing-part">
      <h4 id="billing-invoices">Invoices</h4>
      <Loadable
        what="invoices"
        isLoading={account.isLoading}
        error={account.isError ? errorMessage(account.error) : null}
        onRetry={() => void account.refetch()}
      >
        {() =>
          account.data?.invoices.length ? (
            <div className="billing-table-wrap">
              <table className="billing-table">
                <caption className="visually-hidden">Past invoices</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Receipt</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {account.data.invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>{formatDay(invoice.date)}</td>
                      <td>{money(invoice.amountCents, invoice.currency)}</td>
                      <td>{STATUS[invoice.status]}</td>
                      <td>
                        {invoice.receiptUrl && (
                          <a href={invoice.receiptUrl} target="_blank" rel="noopener noreferrer">
                            Receipt
                            <span className="visually-hidden"> of {formatDay(invoice.date)} (opens in a new tab)</span>
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="plan-muted">No invoices yet.</p>
          )
        }
      </Loadable>
    </section>
  );
}
