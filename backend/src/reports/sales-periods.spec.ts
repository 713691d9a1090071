import { parseDay, periodOf, periodsBetween } from './sales-periods.js';

describe('sales periods', () => {
  it('reads real days only', () => {
    expect(parseDay('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-2-3')).toBeNull();
  });

  it('names a week by its Monday and a month by its first day', () => {
    expect(periodOf('2026-11-26', 'week')).toBe('2026-11-23'); // a Thursday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday
    expect(periodOf('2027-01-01', 'week')).toBe('2026-12-28');
    expect(periodOf('2026-11-26', 'month')).toBe('2026-11-01');
  });

  it('lists every period of the range, the first one starting before it when it must', () => {
    const [from, to] = [parseDay('2026-11-26')!, parseDay('2026-12-08')!];
    expect(periodsBetween(from, to, 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsBetween(from, to, 'month')).toEqual(['2026-11-01', '2026-12-01']);
    expect(periodsBetween(from, from, 'day')).toEqual(['2026-11-26']);
  });
});
