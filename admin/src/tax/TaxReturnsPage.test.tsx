import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStoreConfig } from '../common/storeConfig';
import { EMPTY_STATS, renderAdmin, signIn, stubApi } from '../test/admin';
import { QUARTER_NOT_ENDED } from './TaxReturnsPage';
import { endedQuarters, returnPeriods } from './quarters';

const csv = () =>
  new Response('\uFEFFSection,Country\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
const NO_RATE =
  "No ECB rate for USD on or after 2026-12-31: enter it under Exchange rates (or import the ECB's file)";

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  resetStoreConfig();
});

const downloads = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/tax/returns/'));

async function openPage() {
  signIn();
  renderAdmin('/admin/tax-returns');
  return screen.findByRole('heading', { name: 'Tax returns' });
}

describe('the Tax returns page', () => {
  it('downloads the three files of the chosen quarter, with the token', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/tax/returns/oss.csv': csv,
      'GET /api/admin/tax/returns/uk.csv': csv,
      'GET /api/admin/tax/returns/register.csv': csv,
    });
    await openPage();
    const [latest, previous] = endedQuarters(new Date());

    // The last quarter that ended is chosen; the running month and quarter, then eight ended quarters.
    const picker = screen.getByRole('combobox', { name: 'Period' });
    expect(picker.textContent).toBe(latest);
    fireEvent.mouseDown(picker);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(returnPeriods(new Date()).map((p) => p.label));
    fireEvent.click(within(listbox).getByRole('option', { name: previous }));

    for (const name of ['OSS return (CSV)', 'UK VAT figures (CSV)', 'Invoice register (CSV)']) {
      const button = screen.getByRole('button', { name });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
    }
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(3));
    expect(downloads(fetchMock)).toEqual([
      `/api/admin/tax/returns/oss.csv?quarter=${previous}`,
      `/api/admin/tax/returns/uk.csv?quarter=${previous}`,
      `/api/admin/tax/returns/register.csv?quarter=${previous}`,
    ]);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/tax/returns/'))!;
    expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('offers the running quarter and month so far: their register, not yet their OSS and UK files (#34)', async () => {
    const named = (name: string) => () =>
      new Response('\uFEFFKind,Number\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` },
      });
    const [month, quarter] = returnPeriods(new Date());
    const span = (p: typeof month) => p!.query as { from: string; to: string };
    const fetchMock = stubApi({
      'GET /api/admin/tax/returns/register.csv': named(
        `register-${span(quarter).from}-to-${span(quarter).to}.csv`,
      ),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await openPage();

    for (const period of [quarter!, month!]) {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
      fireEvent.click(await screen.findByRole('option', { name: period.label }));
      expect(await screen.findByText(`${span(period).from} to ${span(period).to} (today, UTC)`)).toBeTruthy();
      for (const name of ['OSS return (CSV)', 'UK VAT figures (CSV)'])
        expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getAllByText(QUARTER_NOT_ENDED)).toHaveLength(2);
      fireEvent.click(screen.getByRole('button', { name: 'Invoice register (CSV)' }));
      await waitFor(() => expect(saved).toHaveLength(period === quarter ? 1 : 2));
    }
    expect(downloads(fetchMock)).toEqual([
      `/api/admin/tax/returns/register.csv?from=${span(quarter).from}&to=${span(quarter).to}`,
      `/api/admin/tax/returns/register.csv?from=${span(month).from}&to=${span(month).to}`,
    ]);
    // Saved under the name the API gives the file.
    expect(saved[0]).toBe(`register-${span(quarter).from}-to-${span(quarter).to}.csv`);
  });

  it("says what to do when the quarter's rate is missing", async () => {
    stubApi({
      'GET /api/admin/tax/returns/oss.csv': () =>
        Response.json({ statusCode: 409, message: NO_RATE, error: 'Conflict' }, { status: 409 }),
    });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'OSS return (CSV)' }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Download failed');
    expect(toast.textContent).toContain(NO_RATE);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    // The page itself says where the rates are kept (the sidebar has the link too).
    const page = (await screen.findByRole('heading', { name: 'Tax returns' })).parentElement!;
    expect(within(page).getByRole('link', { name: 'Exchange rates' }).getAttribute('href')).toBe(
      '/admin/exchange-rates',
    );
  });

  it('is in the sidebar for administrators, not for support', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(EMPTY_STATS) });
    signIn('support');
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tax returns' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Exchange rates' })).toBeNull();
  });

  it('is in the sidebar for administrators, with the exchange rates', async () => {
    stubApi({ '/api/admin/dashboard': () => Response.json(EMPTY_STATS) });
    signIn();
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Tax returns' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Exchange rates' })).toBeTruthy();
  });
});
