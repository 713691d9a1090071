import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import type { Coupon } from './types';

const SPRING: Coupon = {
  id: 3,
  code: 'SPRING25',
  percentOff: 25,
  amountOffCents: null,
  currency: null,
  active: true,
  startsAt: null,
  expiresAt: null,
  maxRedemptions: null,
  redemptionCount: 0,
  heldCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const YEN: Coupon = {
  ...SPRING,
  id: 4,
  code: 'YEN500',
  percentOff: null,
  amountOffCents: 500,
  currency: 'JPY',
};

const storeConfig = () =>
  Response.json({ currencies: ['USD', 'EUR', 'JPY'], defaultCurrency: 'USD', developmentSignIn: null });
const list = (rows: Coupon[]) => () =>
  Response.json(rows, { headers: { 'Content-Range': `coupons 0-${rows.length - 1}/${rows.length}` } });

const sent = (fetchMock: ReturnType<typeof stubApi>, method: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === method && String(url).includes('/coupons'));

async function chooseCurrency(code: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Currency/ }));
  fireEvent.click(await screen.findByRole('option', { name: code }));
}

describe('the coupon form', () => {
  it('creates a fixed-amount coupon in a currency sold, its amount in that currency’s units (yen: whole)', async () => {
    const fetchMock = stubApi({
      'GET /api/store-config': storeConfig,
      'GET /api/admin/coupons': list([]),
      'POST /api/admin/coupons': (init) => Response.json({ ...YEN, ...(jsonBody(init) as object) }),
    });
    signIn('admin');
    renderAdmin('/admin/coupons/create');

    fireEvent.change(await screen.findByRole('textbox', { name: /^Code/ }), { target: { value: 'YEN500' } });
    expect(screen.getByRole('spinbutton', { name: /Percent off/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount off' }));
    expect(screen.queryByRole('spinbutton', { name: /Percent off/ })).toBeNull();
    await chooseCurrency('JPY');
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount off \(JPY\)/ }), {
      target: { value: '500' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(fetchMock, 'POST')).toHaveLength(1));
    expect(jsonBody(sent(fetchMock, 'POST')[0]![1])).toEqual({
      code: 'YEN500',
      active: true,
      currency: 'JPY',
      amountOffCents: 500,
    });
  });

  it('creates a percentage coupon with no currency', async () => {
    const fetchMock = stubApi({
      'GET /api/store-config': storeConfig,
      'GET /api/admin/coupons': list([]),
      'POST /api/admin/coupons': (init) => Response.json({ ...SPRING, ...(jsonBody(init) as object) }),
    });
    signIn('admin');
    renderAdmin('/admin/coupons/create');

    fireEvent.change(await screen.findByRole('textbox', { name: /^Code/ }), {
      target: { value: 'SPRING25' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Percent off/ }), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(fetchMock, 'POST')).toHaveLength(1));
    expect(jsonBody(sent(fetchMock, 'POST')[0]![1])).toEqual({
      code: 'SPRING25',
      active: true,
      percentOff: 25,
    });
  });

  it('turns a percentage coupon into a fixed amount in euros, clearing its percentage', async () => {
    const fetchMock = stubApi({
      'GET /api/store-config': storeConfig,
      'GET /api/admin/coupons': list([SPRING]),
      [`GET /api/admin/coupons/${SPRING.id}`]: () => Response.json(SPRING),
      [`PUT /api/admin/coupons/${SPRING.id}`]: (init) =>
        Response.json({ ...SPRING, ...(jsonBody(init) as object) }),
    });
    signIn('admin');
    renderAdmin(`/admin/coupons/${SPRING.id}`);

    expect((await screen.findByRole('radio', { name: 'Percent off' })).matches(':checked')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount off' }));
    await chooseCurrency('EUR');
    fireEvent.change(await screen.findByRole('textbox', { name: /Amount off \(EUR\)/ }), {
      target: { value: '5.29' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(fetchMock, 'PUT')).toHaveLength(1));
    expect(jsonBody(sent(fetchMock, 'PUT')[0]![1])).toEqual({
      percentOff: null,
      amountOffCents: 529,
      currency: 'EUR',
    });
  });

  it('lists each coupon’s discount: a percentage, or an amount in its currency', async () => {
    stubApi({ 'GET /api/store-config': storeConfig, 'GET /api/admin/coupons': list([SPRING, YEN]) });
    signIn('admin');
    renderAdmin('/admin/coupons');

    const row = async (code: string) =>
      within((await screen.findByText(code)).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect((await row('SPRING25')).slice(0, 2)).toEqual(['SPRING25', '25%']);
    expect((await row('YEN500')).slice(0, 2)).toEqual(['YEN500', '¥500']);
  });
});
