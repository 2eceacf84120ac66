import { toSingleLine, type CountRow } from '@sniff/contracts';
import type { IsoWeek } from './iso-week';

const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'UTC' });
const count = new Intl.NumberFormat('en-US');

/** Visitors' text as one short line: it goes into the mail as plain text, never as markup. */
const line = (text: string, max: number) => {
  const one = toSingleLine(text).trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/** The dashboard's search tuning of the store, opened on a synonym or a pinned answer for the query. */
export function tuningLink(publicUrl: string, storeId: string, action: 'synonym' | 'pin', query: string): string {
  const params = new URLSearchParams({ store: storeId, tab: 'search', [action]: query });
  // URLSearchParams writes a space as '+'; %20 reads the same everywhere a mail client may open it.
  return `${publicUrl}/dashboard/stores?${params.toString().replace(/\+/g, '%20')}`;
}

export interface ZeroResultMail {
  publicUrl: string;
  storeId: string;
  store: { name: string; url: string };
  week: IsoWeek;
  /** The week's ten most frequent zero-result queries, and all zero-result searches of the week. */
  rows: CountRow[];
  total: number;
  unsubscribeUrl: string;
}

/** The weekly mail: each query with its count and two links; plain text only. */
export function zeroResultMail(m: ZeroResultMail): { subject: string; text: string } {
  const name = line(m.store.name, 80) || m.store.url;
  const last = new Date(m.week.end.getTime() - 86_400_000);
  const span = `${day.format(m.week.start)} to ${day.format(last)}, ${year.format(last)} (UTC)`;
  const total = m.total;
  const items = m.rows.map((r, i) =>
    [
      `${i + 1}. "${line(r.query, 120)}": ${count.format(r.count)} ${r.count === 1 ? 'search' : 'searches'}`,
      `   Add a synonym: ${tuningLink(m.publicUrl, m.storeId, 'synonym', r.query)}`,
      `   Pin an answer: ${tuningLink(m.publicUrl, m.storeId, 'pin', r.query)}`,
    ].join('\n'),
  );
  return {
    subject: line(`Searches that found nothing on ${name}, week ${m.week.id}`, 200),
    text: [
      'Hello,',
      `From ${span}, visitors to your search widget "${name}" (${line(m.store.url, 300)}) made ${count.format(total)} ${
        total === 1 ? 'search' : 'searches'
      } that found nothing. The most frequent:`,
      items.join('\n\n'),
      'A synonym makes a query find the pages you already have; a pinned answer shows first for it.',
      `You get this e-mail because weekly zero-result alerts are on for this widget. To stop them, open:\n${m.unsubscribeUrl}\nor turn them off on the Analytics page of your dashboard.`,
      'The Sniff team',
    ].join('\n\n'),
  };
}
