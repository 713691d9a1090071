import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { components } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { jsonBody, renderAdmin, signIn, stubApi } from '../test/admin';
import type { ProductPrice } from './prices';

const STANDARD: components['schemas']['AdminProductDto'] & { prices: ProductPrice[] } = {
  id: 'office-2024-standard',
  title: 'Office 2024 Standard',
  lowStockThreshold: null,
  effectiveLowStockThreshold: 10,
  available: 4,
  waitingOrders: 0,
  daysOfStock: 2.5,
  stocked: true,
  prices: [
    { currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 },
    { currency: 'EUR', currentPriceCents: 3799, originalPriceCents: 18999 },
    { currency: 'JPY', currentPriceCents: 5500, originalPriceCents: 30000 },
  ],
};
const PRICES_URL = `PUT /api/admin/products/${STANDARD.id}/prices`;

const storeConfig = () =>
  Response.json({
    currencies: ['USD', 'EUR', 'GBP', 'JPY'],
    defaultCurrency: 'USD',
    developmentSignIn: null,
  });

const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const type = (name: string, text: string) => fireEvent.change(field(name), { target: { value: text } });
const helperOf = (name: string) => field(name).closest('.MuiFormControl-root')?.textContent ?? '';

function openProduct(prices: (init: RequestInit | undefined) => Response) {
  const fetchMock = stubApi({
    'GET /api/store-config': storeConfig,
    [`GET /api/admin/products/${STANDARD.id}`]: () => Response.json(STANDARD),
    [PRICES_URL]: prices,
  });
  signIn('admin');
  renderAdmin(`/admin/products/${STANDARD.id}`);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'PUT' && String(url).endsWith('/prices'));

describe("a product's price list", () => {
  it('shows a row per currency sold, in its units, and saves what is typed in minor units, exactly', async () => {
    const fetchMock = openProduct((init) => Response.json({ ...STANDARD, ...(jsonBody(init) as object) }));

    const list = await screen.findByRole('table', { name: 'Price list' });
    expect(
      within(list)
        .getAllByRole('row')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Currency', 'USD', 'EUR', 'GBP', 'JPY']);
    expect(field('Current price \\(USD\\)').value).toBe('40.49');
    expect(field('Current price \\(EUR\\)').value).toBe('37.99');
    expect(field('Original price \\(JPY\\)').value).toBe('30000');
    expect(field('Current price \\(GBP\\)').value).toBe('');

    type('Current price \\(EUR\\)', '19.99');
    type('Current price \\(GBP\\)', '0.29');
    type('Original price \\(GBP\\)', '32.99');
    type('Current price \\(JPY\\)', '6000');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(jsonBody(puts(fetchMock)[0]![1])).toEqual({
      prices: [
        { currency: 'USD', currentPriceCents: 4049, originalPriceCents: 20249 },
        { currency: 'EUR', currentPriceCents: 1999, originalPriceCents: 18999 },
        { currency: 'GBP', currentPriceCents: 29, originalPriceCents: 3299 },
        { currency: 'JPY', currentPriceCents: 6000, originalPriceCents: 30000 },
      ],
    });
    expect(await screen.findByText('Prices saved')).toBeTruthy();
  });

  it("shows the server's refusal on the field it names", async () => {
    const fetchMock = openProduct(() =>
      Response.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'prices.0.originalPriceCents must not be less than 1; USD must keep a price',
          errors: [
            {
              field: 'prices.0.originalPriceCents',
              message: 'prices.0.originalPriceCents must not be less than 1',
            },
            { message: "USD must keep a price: it is the store's default currency" },
          ],
        },
        { status: 400 },
      ),
    );

    await screen.findByRole('table', { name: 'Price list' });
    type('Current price \\(USD\\)', '');
    type('Original price \\(USD\\)', '');
    type('Original price \\(EUR\\)', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));

    await waitFor(() => expect(helperOf('Original price \\(EUR\\)')).toContain('must not be less than 1'));
    expect(helperOf('Current price \\(USD\\)')).toContain('USD must keep a price');
    expect(jsonBody(puts(fetchMock)[0]![1])).toEqual({
      prices: [
        { currency: 'EUR', currentPriceCents: 3799, originalPriceCents: 0 },
        { currency: 'JPY', currentPriceCents: 5500, originalPriceCents: 30000 },
      ],
    });
  });

  it('refuses a row with one price and not the other, sending nothing', async () => {
    const fetchMock = openProduct(() => Response.json(STANDARD));

    await screen.findByRole('table', { name: 'Price list' });
    type('Current price \\(GBP\\)', '32.99');
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));

    expect(await screen.findByText(/Enter both prices in GBP, or neither/)).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
  });

  it('is not shown to support staff, who may not open the product', async () => {
    stubApi({
      'GET /api/store-config': storeConfig,
      [`GET /api/admin/products/${STANDARD.id}`]: () => Response.json(STANDARD),
    });
    signIn('support');
    renderAdmin(`/admin/products/${STANDARD.id}`);
    expect(await screen.findByText(/access denied/i)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Price list' })).toBeNull();
  });
});
