import { useMemo, useState } from 'react';
import { useGoTo, usePlans } from '@sniff/shell-sdk';
import { useListStoresQuery } from '@sniff/shell-sdk/shared-data';
import { ANALYTICS_RANGES, entitlementsFor, type CountRow, type Store } from '@sniff/contracts';
import {
  ANALYTICS_DAYS,
  useClicksQuery,
  useDailyQuery,
  useTimeseriesQuery,
  useTop10Query,
  useTop10ZeroesQuery,
  useZeroesQuery,
} from '../../shared/api';
import { Button, Card, Spinner } from '@sniff/ui';
import { serverExplanation, urlsError } from './errors';
import { saveCsv } from './save-csv';
import { Panel } from './Panel';
import { ClickThrough, DailyTrends } from './Trends';
import { ZeroResultAlerts, ZeroResultAlertsUpsell } from './ZeroResultAlerts';

/**
 * What the spec announces as coming (section 2, Analytics), less what has shipped: zero-result e-mails (this
 * page), semantic search (Solo Premium AI), custom Q&A (pinned answers in search tuning), manual sync (Sync now).
 */
export const COMING_SOON = ['Advanced analytics'];

export const UPGRADE_TEXT = 'This feature is for upgraded plans. Please upgrade to use analytics and insights.';

function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

function CountList({ rows, ranked }: { rows: CountRow[]; ranked?: boolean }) {
  const Tag = ranked ? 'ol' : 'ul';
  return (
    <Tag className={`analytics-list${ranked ? ' analytics-list--ranked' : ''}`}>
      {rows.map((r, i) => (
        <li key={r.query}>
          <span>
            {ranked && <span className="analytics-rank">{i + 1}.</span>} {r.query}
          </span>{' '}
          <span className="sniff-badge">{r.count}</span>
        </li>
      ))}
    </Tag>
  );
}

/** Saves a count panel as CSV (ranked panels with their rank). */
const exportCounts = (name: string, days: number, ranked: boolean) => (rows: CountRow[]) =>
  void saveCsv(
    `sniff-${name}-${days}d.csv`,
    [
      ...(ranked ? [{ key: 'rank' as const, header: 'rank' }] : []),
      { key: 'query' as const, header: 'query' },
      { key: 'count' as const, header: 'count' },
    ],
    rows.slice(0, 10).map((r, i) => ({ rank: i + 1, ...r })),
  );

const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

function Panels({ url, days, stores }: { url: string; days: number; stores: Store[] }) {
  // The calls start together (RTK Query runs the hooks' requests in parallel), and run again on
  // every mount and window focus so that new searches show up.
  const args = { url, days };
  const timeseries = useTimeseriesQuery(args, FRESH);
  const zeroes = useZeroesQuery(args, FRESH);
  const top10 = useTop10Query(args, FRESH);
  const top10Zeroes = useTop10ZeroesQuery(args, FRESH);
  const daily = useDailyQuery(args, FRESH);
  const clicks = useClicksQuery(args, FRESH);
  return (
    <div className="analytics-grid">
      <Panel
        title="Search Trends"
        state={daily}
        empty="No search data available"
        onExport={(rows) =>
          void saveCsv(
            `sniff-searches-per-day-${days}d.csv`,
            [
              { key: 'day', header: 'day' },
              { key: 'searches', header: 'searches' },
              { key: 'zeroResults', header: 'zero_results' },
            ],
            rows,
          )
        }
      >
        {(rows) => <DailyTrends rows={rows} days={days} />}
      </Panel>
      <ClickThrough state={clicks} days={days} />
      <Panel
        title="Search Terms Timeline (All Data)"
        state={timeseries}
        empty="No search data available"
        refreshable
        onExport={(rows) =>
          void saveCsv(
            `sniff-search-timeline-${days}d.csv`,
            [
              { key: 'query', header: 'query' },
              { key: 'timestamp', header: 'timestamp' },
            ],
            rows,
          )
        }
      >
        {(rows) => (
          <ul className="analytics-timeline" tabIndex={0} aria-label="Searches, newest first">
            {rows.map((r, i) => (
              <li key={`${r.timestamp}-${i}`}>
                <span>{r.query}</span> <time dateTime={r.timestamp}>{formatTime(r.timestamp)}</time>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title="Zero-Result Queries"
        state={zeroes}
        empty="No zero-result queries"
        onExport={exportCounts('zero-result-queries', days, false)}
      >
        {(rows) => <CountList rows={rows.slice(0, 10)} />}
      </Panel>
      <Panel
        title="Top 10 Searches"
        state={top10}
        empty="No searches yet"
        onExport={exportCounts('top-10-searches', days, true)}
      >
        {(rows) => <CountList rows={rows.slice(0, 10)} ranked />}
      </Panel>
      <Panel
        title="Top 10 Zero-Results"
        state={top10Zeroes}
        empty="No zero-result queries"
        onExport={exportCounts('top-10-zero-results', days, true)}
      >
        {(rows) => <CountList rows={rows.slice(0, 10)} ranked />}
      </Panel>
      <ZeroResultAlerts stores={stores} />
    </div>
  );
}

/**
 * The owner's custom websites (the ones analytics covers), from the dashboard's one store list: a store
 * created in the wizard or deleted in Stores shows here without a reload; asked again on window focus.
 */
function useCustomStores() {
  const stores = useListStoresQuery(undefined, { refetchOnFocus: true });
  const custom = useMemo(() => stores.data?.filter((s) => s.platform === 'custom'), [stores.data]);
  return { ...stores, data: custom, all: stores.data ?? [] };
}

const PLATFORM_NAMES: Record<Store['platform'], string> = {
  custom: 'custom website',
  squarespace: 'Squarespace',
  shopify: 'Shopify',
};

/**
 * Said when no custom website can be chosen, in terms of the stores the owner has: analytics covers custom
 * websites (spec 6), so a Squarespace or Shopify owner is told why theirs are not listed, not "none yet".
 */
export function noCustomWebsiteText(stores: Store[]): string {
  if (!stores.length) return 'No stores yet: create a search widget for a custom website to see its analytics.';
  const platforms = [...new Set(stores.map((s) => PLATFORM_NAMES[s.platform]))].join(' and ');
  const yours = stores.length === 1 ? `Your ${platforms} store is` : `Your ${platforms} stores are`;
  return `Analytics covers custom websites. ${yours} not listed here; add a custom website to see its analytics.`;
}

function PaidAnalytics() {
  const stores = useCustomStores();
  const [url, setUrl] = useState('');
  const [days, setDays] = useState<number>(ANALYTICS_DAYS);
  const urls = [...new Set((stores.data ?? []).map((s) => s.url))];
  return (
    <>
      <div className="wizard-page-actions">
        <div className="sniff-field">
          <label htmlFor="analytics-url">Select Custom URL ({urls.length})</label>
          <select id="analytics-url" value={url} onChange={(e) => setUrl(e.target.value)} disabled={stores.isLoading}>
            <option value="">{stores.isLoading ? 'Loading URLs...' : 'Choose a website…'}</option>
            {urls.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="analytics-range">
          <legend>Range</legend>
          {ANALYTICS_RANGES.map((d) => (
            <label key={d}>
              <input type="radio" name="analytics-range" value={d} checked={days === d} onChange={() => setDays(d)} />{' '}
              Last {d} days
            </label>
          ))}
        </fieldset>
        <Button variant="secondary" disabled={stores.isFetching} onClick={() => void stores.refetch()}>
          Refresh URLs
        </Button>
      </div>
      {stores.error && (
        <div role="alert" className="sniff-error">
          <p>{urlsError(stores.error)}</p>
          {serverExplanation(stores.error) && <p>{serverExplanation(stores.error)}</p>}
        </div>
      )}
      {!stores.isLoading && !stores.error && urls.length === 0 && (
        <p className="sniff-muted">{noCustomWebsiteText(stores.all)}</p>
      )}
      {url ? (
        <Panels url={url} days={days} stores={(stores.data ?? []).filter((s) => s.url === url)} />
      ) : (
        <p className="sniff-muted">Choose a website to see its searches of the last {days} days.</p>
      )}
      <Card aria-labelledby="analytics-coming" className="analytics-coming">
        <h2 id="analytics-coming">Coming soon</h2>
        <ul>
          {COMING_SOON.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/** /dashboard/analytics: search analytics for paid owners' custom websites. */
export function AnalyticsPage() {
  const plans = usePlans();
  const goTo = useGoTo();
  if (plans === null)
    return (
      <p>
        <Spinner label="Loading your plan" /> Loading...
      </p>
    );
  return (
    <div className="analytics">
      {entitlementsFor(plans).analytics ? (
        <PaidAnalytics />
      ) : (
        <div className="sniff-panel">
          <p>{UPGRADE_TEXT}</p>
          <ul>
            <li>Search terms timeline and trends</li>
            <li>Zero-result queries analysis</li>
            <li>Top 10 most searched terms</li>
            <li>Performance insights</li>
          </ul>
          <ZeroResultAlertsUpsell />
          <Button onClick={() => goTo('billing.subscribe')}>Upgrade Now</Button>
        </div>
      )}
    </div>
  );
}
