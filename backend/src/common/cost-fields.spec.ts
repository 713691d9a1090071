import { readsCosts, withoutCosts } from './cost-fields.js';

describe('cost fields (admins alone read what keys cost)', () => {
  it('leaves them out at any depth, audit details included, without changing the answer in place', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    const answer = {
      id: 'k1',
      costCents: 1500,
      at,
      batch: { costPerKeyCents: 1500, invoiceReference: 'INV-1' },
      rows: [{ margin: { keyCostCents: 900, marginCents: 100, revenueCents: 1000 } }, { n: 1 }],
      entry: { before: null, after: { batchId: 3, costCents: 1500 } },
    };
    const copy = structuredClone(answer);
    expect(withoutCosts(answer)).toEqual({
      id: 'k1',
      at,
      batch: { invoiceReference: 'INV-1' },
      rows: [{ margin: { revenueCents: 1000 } }, { n: 1 }],
      entry: { before: null, after: { batchId: 3 } },
    });
    expect(answer).toEqual(copy);
  });

  it('answers what holds no cost as it is', () => {
    const rows = [{ id: 1, nested: { name: 'a' } }];
    expect(withoutCosts(rows)).toBe(rows);
    expect(withoutCosts('costCents')).toBe('costCents');
    expect(withoutCosts(null)).toBeNull();
  });

  it('is for admins alone', () => {
    expect(readsCosts({ role: 'admin' })).toBe(true);
    expect(readsCosts({ role: 'support' })).toBe(false);
    expect(readsCosts(undefined)).toBe(false);
  });
});
