import { isoWeekOf, previousIsoWeek } from './iso-week';

describe('ISO weeks (UTC)', () => {
  it.each([
    ['2026-11-28T08:00:00Z', '2026-W48', '2026-11-23T00:00:00.000Z'],
    ['2026-11-23T00:00:00Z', '2026-W48', '2026-11-23T00:00:00.000Z'],
    ['2026-11-22T23:59:59Z', '2026-W47', '2026-11-16T00:00:00.000Z'],
    // Weeks belong to the year of their Thursday: 2026 has 53, 2027 starts on Monday 4 January.
    ['2027-01-01T12:00:00Z', '2026-W53', '2026-12-28T00:00:00.000Z'],
    ['2027-01-04T00:00:00Z', '2027-W01', '2027-01-04T00:00:00.000Z'],
    ['2025-12-29T00:00:00Z', '2026-W01', '2025-12-29T00:00:00.000Z'],
  ])('%s is in %s, from %s for 7 days', (at, id, start) => {
    const week = isoWeekOf(new Date(at));
    expect(week.id).toBe(id);
    expect(week.start.toISOString()).toBe(start);
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 86_400_000);
  });

  it('the week a mail sent now reports is the last whole one', () => {
    expect(previousIsoWeek(new Date('2026-11-23T00:30:00Z')).id).toBe('2026-W47');
    expect(previousIsoWeek(new Date('2027-01-04T00:00:00Z')).id).toBe('2026-W53');
  });
});
