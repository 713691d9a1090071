import { describe, expect, it } from 'vitest';
import { endedQuarters, quarterOf, returnPeriods } from './quarters';

describe('quarters', () => {
  it('names the quarter of a moment in UTC', () => {
    expect(quarterOf(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-Q4');
    expect(quarterOf(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-Q1');
    expect(quarterOf(new Date('2026-04-01T00:00:00.000Z'))).toBe('2026-Q2');
  });

  it('offers the last eight quarters that have ended, the latest first', () => {
    expect(endedQuarters(new Date('2027-01-15T12:00:00Z'))).toEqual([
      '2026-Q4',
      '2026-Q3',
      '2026-Q2',
      '2026-Q1',
      '2025-Q4',
      '2025-Q3',
      '2025-Q2',
      '2025-Q1',
    ]);
    expect(endedQuarters(new Date('2026-12-31T23:59:59Z'), 2)).toEqual(['2026-Q3', '2026-Q2']);
    expect(endedQuarters(new Date('2026-10-01T00:00:00Z'), 1)).toEqual(['2026-Q3']);
  });

  it('offers the running month and quarter so far, then the ended quarters (#34)', () => {
    expect(returnPeriods(new Date('2026-11-29T08:00:00Z'), 2)).toEqual([
      { label: 'November 2026 so far', running: true, query: { from: '2026-11-01', to: '2026-11-29' } },
      { label: '2026-Q4 so far', running: true, query: { from: '2026-10-01', to: '2026-11-29' } },
      { label: '2026-Q3', running: false, query: { quarter: '2026-Q3' } },
      { label: '2026-Q2', running: false, query: { quarter: '2026-Q2' } },
    ]);
    // On a quarter's first day, its first month and the quarter are the same day so far.
    expect(returnPeriods(new Date('2027-01-01T00:30:00Z'), 1).map((p) => p.query)).toEqual([
      { from: '2027-01-01', to: '2027-01-01' },
      { from: '2027-01-01', to: '2027-01-01' },
      { quarter: '2026-Q4' },
    ]);
  });
});
