import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import type { KeyReport } from '../providers/dataProvider';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';

const REPORT: KeyReport = {
  id: 12,
  status: 'open',
  licenseKeyId: 'cccccccc-0000-4000-8000-000000000003',
  licenseKey: 'XXXXX-XXXXX-XXXXX-XXXXX-KLMNO',
  licenseKeyStatus: 'active',
  orderId: 'bbbbbbbb-0000-4000-8000-000000000002',
  productId: 'office-2024-standard',
  customerEmail: 'jane@example.com',
  errorMessage: 'Error 0xC004C060: this product key cannot be used.',
  screenshotType: 'image/png',
  replacementKeyId: null,
  answer: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

const list = (reports: KeyReport[]) => () =>
  Response.json(reports, {
    headers: { 'Content-Range': `key-reports 0-${reports.length - 1}/${reports.length}` },
  });

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path),
  );

afterEach(() => {
  resetStoreConfig();
  vi.unstubAllGlobals();
});

describe('the key reports queue', () => {
  it('lists open reports and lets an admin replace the key, saying what happens first', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/key-reports': list([REPORT]),
      'POST /api/admin/key-reports/12/replacement': () =>
        Response.json({ ...REPORT, status: 'replaced', licenseKeyStatus: 'faulty' }),
    });
    signIn('admin');
    renderAdmin('/admin/key-reports');

    const row = (await screen.findByText('jane@example.com')).closest('tr')!;
    expect(within(row).getByText(REPORT.licenseKey)).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    // Open reports by default.
    const [listUrl] = calls(fetchMock, 'GET', '/api/admin/key-reports')[0]!;
    expect(JSON.parse(new URL(String(listUrl), 'http://x').searchParams.get('filter')!)).toEqual({
      status: 'open',
    });

    fireEvent.click(await within(row).findByRole('button', { name: `Replace key ${REPORT.licenseKey}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace this key?' });
    expect(dialog.textContent).toContain('is marked faulty and stops working');
    expect(dialog.textContent).toContain('jane@example.com is e-mailed the new key');
    expect(calls(fetchMock, 'POST', '/api/admin/key-reports/12/replacement')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace key' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'POST', '/api/admin/key-reports/12/replacement')).toHaveLength(1),
    );
    expect(await screen.findByText('The new key was e-mailed to jane@example.com')).toBeTruthy();
  });

  it('says why a replacement was refused (no stock)', async () => {
    stubApi({
      'GET /api/admin/key-reports': list([REPORT]),
      'POST /api/admin/key-reports/12/replacement': () =>
        Response.json(
          { statusCode: 409, message: 'No stock for Office 2024 Standard', error: 'Conflict' },
          { status: 409 },
        ),
    });
    signIn('admin');
    renderAdmin('/admin/key-reports');
    fireEvent.click(await screen.findByRole('button', { name: `Replace key ${REPORT.licenseKey}` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace key' }));
    expect(await screen.findByText('No stock for Office 2024 Standard')).toBeTruthy();
  });

  it('lets support answer, but not replace, and shows the screenshot on request', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/key-reports': list([REPORT]),
      'GET /api/admin/key-reports/12': () => Response.json(REPORT),
      'GET /api/admin/key-reports/12/screenshot': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } }),
      'PUT /api/admin/key-reports/12': () =>
        Response.json({ ...REPORT, status: 'answered', answer: 'Sign in first.' }),
    });
    signIn('support');
    renderAdmin('/admin/key-reports');

    const row = (await screen.findByText('jane@example.com')).closest('tr')!;
    const answer = await within(row).findByRole('button', {
      name: `Answer the report of ${REPORT.licenseKey}`,
    });
    expect(within(row).queryByRole('button', { name: /^Replace key/ })).toBeNull();

    // The detail: what the customer saw, and the screenshot fetched with the staff token.
    expect(screen.getByText(REPORT.errorMessage)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show screenshot' }));
    const image = await screen.findByRole('img', {
      name: `Screenshot sent with the report of ${REPORT.licenseKey}`,
    });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw==');
    const [, shotInit] = calls(fetchMock, 'GET', '/api/admin/key-reports/12/screenshot')[0]!;
    expect(new Headers(shotInit?.headers).get('authorization')).toBe('Bearer token-1');

    fireEvent.click(answer);
    const dialog = await screen.findByRole('dialog', { name: 'Answer the customer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', '/api/admin/key-reports/12')).toHaveLength(0);
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Answer/ }), {
      target: { value: 'Sign in first.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/api/admin/key-reports/12')).toHaveLength(1));
    expect(jsonBody(calls(fetchMock, 'PUT', '/api/admin/key-reports/12')[0]![1])).toEqual({
      answer: 'Sign in first.',
    });
    expect(await screen.findByText('The answer was e-mailed to jane@example.com')).toBeTruthy();
  });
});
