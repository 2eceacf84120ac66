import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, usePlans } from '@sniff/shell-sdk';
import { entitlementsFor, type CountRow } from '@sniff/contracts';
import {
  useCustomStoresQuery,
  useTimeseriesQuery,
  useTop10Query,
  useTop10ZeroesQuery,
  useZeroesQuery,
} from '../../shared/api';
import { Spinner } from '@sniff/ui';
import { Panel } from './Panel';

export const UPGRADE_TEXT = 'This feature is for upgraded plans. Please upgrade to use analytics and insights.';

function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

function CountList({ rows, ranked }: { rows: CountRow[]; ranked?: boolean }) {
  const Tag = ranked ? 'ol' : 'ul';
  return (
    <Tag className="analytics-list">
      {rows.map((r) => (
        <li key={r.query}>
          <span>{r.query}</span> <span className="sniff-badge">{r.count}</span>
        </li>
      ))}
    </Tag>
  );
}

const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

function Panels({ url }: { url: string }) {
  // The four calls start together (RTK Query runs the hooks' requests in parallel), and run again on
  // every mount and window focus so that new searches show up.
  const timeseries = useTimeseriesQuery({ url }, FRESH);
  const zeroes = useZeroesQuery({ url }, FRESH);
  const top10 = useTop10Query({ url }, FRESH);
  const top10Zeroes = useTop10ZeroesQuery({ url }, FRESH);
  return (
    <div className="analytics-grid">
      <Panel title="Search Terms Timeline (All Data)" state={timeseries} empty="No search data available" refreshable>
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
      <Panel title="Zero-Result Queries" state={zeroes} empty="No zero-result queries">
        {(rows) => <CountList rows={rows.slice(0, 10)} />}
      </Panel>
      <Panel title="Top 10 Searches" state={top10} empty="No searches yet">
        {(rows) => <CountList rows={rows.slice(0, 10)} ranked />}
      </Panel>
      <Panel title="Top 10 Zero-Results" state={top10Zeroes} empty="No zero-result queries">
        {(rows) => <CountList rows={rows.slice(0, 10)} ranked />}
      </Panel>
    </div>
  );
}

function PaidAnalytics() {
  const stores = useCustomStoresQuery(undefined, FRESH);
  const [url, setUrl] = useState('');
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
        <button
          type="button"
          className="sniff-button sniff-button--secondary"
          disabled={stores.isFetching}
          onClick={() => void stores.refetch()}
        >
          Refresh URLs
        </button>
      </div>
      {stores.error && (
        <div role="alert" className="sniff-error">
          <p>Failed to load URLs. Please try again.</p>
          <p>{errorMessage(stores.error)}</p>
        </div>
      )}
      {!stores.isLoading && !stores.error && urls.length === 0 && (
        <p className="sniff-muted">No custom websites yet: create one to see its analytics.</p>
      )}
      {url ? (
        <Panels url={url} />
      ) : (
        <p className="sniff-muted">Choose a website to see its searches of the last 30 days.</p>
      )}
    </>
  );
}

/** /dashboard/analytics: search analytics for paid owners' custom websites. */
export function AnalyticsPage() {
  const plans = usePlans();
  const navigate = useNavigate();
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
          <button type="button" className="sniff-button" onClick={() => navigate('/dashboard/subscribe')}>
            Upgrade Now
          </button>
        </div>
      )}
    </div>
  );
}
