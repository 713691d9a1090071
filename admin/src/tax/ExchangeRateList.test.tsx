import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { components } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';

type ExchangeRate = components['schemas']['ExchangeRateDto'];

const RATE: ExchangeRate = {
  id: 7,
  currency: 'USD',
  date: '2026-12-31',
  rate: '1.0823',
  unitsPerEuro: 1_082_300,
  source: 'ecb-import',
  staffUsername: 'admin',
  createdAt: '2027-01-04T10:00:00.000Z',
  updatedAt: '2027-01-04T10:00:00.000Z',
};

const ECB_DAY = 'Date, USD, GBP, \n31 December 2026, 1.0823, 0.8512, \n';

const list = (rows: ExchangeRate[]) => () =>
  Response.json(rows, {
    headers: {
      'Content-Range': rows.length
        ? `exchange-rates 0-${rows.length - 1}/${rows.length}`
        : 'exchange-rates */0',
    },
  });

const posts = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST');

describe('the exchange rates', () => {
  it('lists the rates, newest day first, with where each came from', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/exchange-rates': list([RATE]) });
    signIn();
    renderAdmin('/admin/exchange-rates');

    const row = (await screen.findByRole('cell', { name: '1.0823' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('USD')).toBeTruthy();
    expect(within(row).getByText('2026-12-31')).toBeTruthy();
    expect(within(row).getByText('ECB file')).toBeTruthy();
    const asked = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('exchange-rates'))![0]),
      'http://x',
    );
    expect(asked.searchParams.get('sort')).toBe('["date","DESC"]');
  });

  it("imports the ECB's file as it is, and says what it held", async () => {
    const fetchMock = stubApi({
      'GET /api/admin/exchange-rates': list([]),
      'POST /api/admin/exchange-rates/import': () =>
        Response.json({
          rates: 2,
          dates: 1,
          notAvailable: 0,
          currencies: ['USD', 'GBP'],
          from: '2026-12-31',
          to: '2026-12-31',
        }),
    });
    signIn();
    renderAdmin('/admin/exchange-rates');

    const input = await screen.findByLabelText('ECB rates file');
    fireEvent.change(input, {
      target: { files: [new File([ECB_DAY], 'eurofxref.csv', { type: 'text/csv' })] },
    });

    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Rates imported');
    expect(toast.textContent).toContain('2 rates of 2 currencies, 2026-12-31');
    const [call] = posts(fetchMock, '/api/admin/exchange-rates/import');
    expect(call![1]?.body).toBe(ECB_DAY);
    expect(new Headers(call![1]?.headers).get('Content-Type')).toBe('text/csv');
  });

  it('shows why a file was refused, naming its line', async () => {
    const message = 'Line 2: USD "0" is not a rate above 0 (such as 1.0823)';
    stubApi({
      'GET /api/admin/exchange-rates': list([]),
      'POST /api/admin/exchange-rates/import': () =>
        Response.json({ statusCode: 400, message, error: 'Bad Request' }, { status: 400 }),
    });
    signIn();
    renderAdmin('/admin/exchange-rates');
    fireEvent.change(await screen.findByLabelText('ECB rates file'), {
      target: { files: [new File(['Date,USD\n2026-12-31,0\n'], 'bad.csv', { type: 'text/csv' })] },
    });
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Import failed');
    expect(toast.textContent).toContain(message);
  });

  it('enters a rate, checking its fields as the server does', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/exchange-rates': list([]),
      'POST /api/admin/exchange-rates': (init) =>
        Response.json({ ...RATE, ...(jsonBody(init) as object), source: 'staff' }, { status: 201 }),
    });
    signIn();
    renderAdmin('/admin/exchange-rates/create');
    const field = async (name: string) => screen.findByRole('textbox', { name });

    fireEvent.change(await field('Currency'), { target: { value: 'CHF' } });
    fireEvent.change(await field('Date'), { target: { value: '31/12/2026' } });
    fireEvent.change(await field('Rate'), { target: { value: '0,9301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Date must be a day such as 2026-12-31')).toBeTruthy();
    expect(screen.getByText('Rate must be a number such as 1.0823')).toBeTruthy();
    expect(posts(fetchMock, '/api/admin/exchange-rates')).toEqual([]);

    fireEvent.change(await field('Date'), { target: { value: '2026-12-31' } });
    fireEvent.change(await field('Rate'), { target: { value: '0.9301' } });
    await waitFor(() => expect(screen.queryByText('Rate must be a number such as 1.0823')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(fetchMock, '/api/admin/exchange-rates')).toHaveLength(1));
    expect(jsonBody(posts(fetchMock, '/api/admin/exchange-rates')[0]![1])).toEqual({
      currency: 'CHF',
      date: '2026-12-31',
      rate: '0.9301',
    });
  });

  it('corrects a rate, sending only what changed', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/exchange-rates': list([RATE]),
      'GET /api/admin/exchange-rates/7': () => Response.json(RATE),
      'PUT /api/admin/exchange-rates/7': (init) =>
        Response.json({ ...RATE, ...(jsonBody(init) as object), source: 'staff' }),
    });
    signIn();
    renderAdmin('/admin/exchange-rates/7');
    const rate = await screen.findByRole('textbox', { name: 'Rate' });
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('1.0823'));
    fireEvent.change(rate, { target: { value: '1.0824' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(jsonBody(init)).toEqual({ rate: '1.0824' });
  });
});
