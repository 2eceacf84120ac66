import { lazy, Suspense } from 'react';
import type { ClicksResponse, DailyRow } from '@sniff/contracts';
import { Button, Spinner } from '@sniff/ui';
import { counted } from './counted';
import { panelError } from './errors';
import { saveCsv } from './save-csv';

function ChartUnavailable() {
  return <p className="sniff-muted">The chart could not be loaded; the table below has the same data.</p>;
}

// uPlot arrives with the first chart only; if its chunk cannot load, the table still says it all.
const LineChart = lazy(() =>
  import('./LineChart').then(
    (m) => ({ default: m.LineChart }),
    () => ({ default: ChartUnavailable }),
  ),
);

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** Searches per day and the zero-result rate, as charts with the same data as a table. */
export function DailyTrends({ rows, days }: { rows: DailyRow[]; days: number }) {
  const searches = rows.reduce((sum, r) => sum + r.searches, 0);
  const zero = rows.reduce((sum, r) => sum + r.zeroResults, 0);
  if (!searches) return <p className="sniff-muted">No search data available</p>;
  const labels = rows.map((r) => r.day);
  return (
    <>
      <p>
        {counted(searches, 'search', 'searches')} in the last {days} days; {percent(zero, searches)}% found nothing.
      </p>
      <Suspense fallback={<Spinner label="Loading the charts" />}>
        <h3 className="analytics-chart-title">Searches per day</h3>
        <LineChart
          labels={labels}
          series={[{ label: 'Searches', values: rows.map((r) => r.searches), colorToken: '--sniff-primary' }]}
        />
        <h3 className="analytics-chart-title">Zero-result rate</h3>
        <LineChart
          labels={labels}
          unit="%"
          series={[
            {
              label: 'Zero-result rate (%)',
              values: rows.map((r) => percent(r.zeroResults, r.searches)),
              colorToken: '--sniff-danger',
            },
          ]}
        />
      </Suspense>
      <details className="analytics-table">
        <summary>Show as table</summary>
        <table>
          <caption className="visually-hidden">Searches per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Searches</th>
              <th scope="col">Zero results</th>
              <th scope="col">Zero-result rate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.day}>
                <th scope="row">{r.day}</th>
                <td>{r.searches}</td>
                <td>{r.zeroResults}</td>
                <td>{percent(r.zeroResults, r.searches)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** Click-through: how many searches led to a click, and the most clicked results, ranked. */
export function ClickThrough({
  state,
  days,
}: {
  state: { data?: ClicksResponse; error?: unknown; isLoading: boolean; refetch: () => unknown };
  days: number;
}) {
  const { data } = state;
  return (
    <section aria-labelledby="analytics-ctr" className="analytics-panel">
      <header className="wizard-nav">
        <h2 id="analytics-ctr">Click-through</h2>
        {!!data?.rows.length && (
          <Button
            variant="secondary"
            aria-label="Export CSV of Click-through"
            onClick={() =>
              void saveCsv(
                `sniff-most-clicked-${days}d.csv`,
                [
                  { key: 'rank', header: 'rank' },
                  { key: 'url', header: 'url' },
                  { key: 'count', header: 'clicks' },
                ],
                data.rows.map((r, i) => ({ rank: i + 1, ...r })),
              )
            }
          >
            Export CSV
          </Button>
        )}
      </header>
      {state.isLoading ? (
        <Spinner label="Loading click-through" />
      ) : state.error || !data ? (
        <div role="alert">
          <p className="sniff-error">{panelError('Click-through', state.error)}</p>
          <Button onClick={() => void state.refetch()}>Try again</Button>
        </div>
      ) : !data.searches ? (
        <p className="sniff-muted">No searches yet</p>
      ) : (
        <>
          <p>
            <strong>{percent(data.clicks, data.searches)}%</strong> of {counted(data.searches, 'search', 'searches')}{' '}
            led to a click ({counted(data.clicks, 'click', 'clicks')}).
          </p>
          {data.rows.length ? (
            <>
              <h3 className="analytics-chart-title">Most clicked results</h3>
              <ol className="analytics-list analytics-list--ranked">
                {data.rows.map((r, i) => (
                  <li key={r.url}>
                    <span>
                      <span className="analytics-rank">{i + 1}.</span> <span className="analytics-url">{r.url}</span>
                    </span>{' '}
                    <span className="sniff-badge">{r.count}</span>
                  </li>
                ))}
              </ol>
            </>
          ) : (
            <p className="sniff-muted">No clicks yet</p>
          )}
        </>
      )}
    </section>
  );
}
