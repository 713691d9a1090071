import { countOf, withArticle } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { replaceConsequences } from '../key-reports/KeyReportActions';
import { heldFor } from '../orders/holdReasons';
import type { KeyReport } from '../providers/dataProvider';

describe('the back office’s words around a number or a name (#34)', () => {
  it('says 1 order and 2 orders, an Office and a Windows', () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(2, 'order')).toBe('2 orders');
    expect(withArticle('Office 2024 key', { capital: true })).toBe('An Office 2024 key');
    expect(withArticle('Windows key')).toBe('a Windows key');
  });

  it('names the replacement key with "An Office …"', () => {
    const report = {
      productId: 'office-2024-standard',
      orderId: 'aaaaaaaa-0000-4000-8000-000000000001',
      licenseKey: 'XXXXX-…-AAAAA',
      customerEmail: 'jane@example.com',
    } as KeyReport;
    expect(replaceConsequences(report)).toMatch(/^An Office .* key from stock goes to order aaaaaaaa\./);
  });

  it('tells a hold’s age in the singular and the plural', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(heldFor('2026-11-26T11:00:00Z', now)).toBe('1 hour');
    expect(heldFor('2026-11-26T10:00:00Z', now)).toBe('2 hours');
    expect(heldFor('2026-11-23T12:00:00Z', now)).toBe('3 days');
  });
});
