import type { Product } from '../features/catalog/types';
import { CURRENCIES as ALL_CURRENCIES, type Currency } from '../api/currencies';

const product = (
  id: string,
  title: string,
  originalPriceCents: number,
  currentPriceCents: number,
  savings: string,
  apps: string[],
  compatibility: Product['compatibility'],
  stockLevel: Product['stockLevel'] = 'in_stock',
): Product => ({
  id,
  title,
  subtitle: 'Lifetime licence for 1 PC or Mac',
  description: 'A one-time purchase, no subscription.',
  includedApps: apps.map((name) => ({ name, icon: name.toLowerCase() })),
  compatibility,
  licensesLeft: '',
  stockLevel,
  backOrderHours: 24,
  listPriceSource: null,
  originalPrice: `$${(originalPriceCents / 100).toFixed(2)}`,
  currentPrice: `$${(currentPriceCents / 100).toFixed(2)}`,
  originalPriceCents,
  currentPriceCents,
  savings,
  maxQuantity: 50,
  currency: 'USD',
});

/** The catalogue as `GET /api/products` answers it. */
export const PRODUCTS: Product[] = [
  product(
    'office-2024-standard',
    'Office 2024 Standard',
    20249,
    4049,
    '80%',
    ['Word', 'Excel', 'PowerPoint'],
    ['Windows', 'Mac'],
  ),
  product(
    'office-2024-home-business',
    'Office 2024 Home & Business',
    33749,
    24299,
    '28%',
    ['Word', 'Excel', 'PowerPoint', 'Outlook'],
    ['Windows', 'Mac'],
  ),
  product(
    'office-2024-professional-plus',
    'Office 2024 Professional Plus LTSC',
    63999,
    5399,
    '91%',
    ['Word', 'Excel', 'PowerPoint', 'Outlook', 'Access'],
    ['Windows'],
  ),
];

export const [STANDARD, HOME_BUSINESS, PRO_PLUS] = PRODUCTS;

/** The catalogue in another currency (`GET /api/products?currency=…`): the same products, its prices. */
function pricedIn(
  currency: Currency,
  prices: Record<string, [original: number, current: number, text: string]>,
) {
  return PRODUCTS.flatMap((p): Product[] => {
    const price = prices[p.id];
    if (!price) return [];
    const [originalPriceCents, currentPriceCents, currentPrice] = price;
    return [{ ...p, currency, originalPriceCents, currentPriceCents, currentPrice, originalPrice: '' }];
  });
}

/** In euros: €37.99, €224.99, €49.99. */
export const PRODUCTS_EUR = pricedIn('EUR', {
  [STANDARD.id]: [18999, 3799, '€37.99'],
  [HOME_BUSINESS.id]: [31499, 22499, '€224.99'],
  [PRO_PLUS.id]: [59999, 4999, '€49.99'],
});

/** In yen, which has no minor unit (¥6,000 is 6000); Professional Plus is not sold in yen. */
export const PRODUCTS_JPY = pricedIn('JPY', {
  [STANDARD.id]: [30000, 6000, '¥6,000'],
  [HOME_BUSINESS.id]: [50000, 36000, '¥36,000'],
});

/** The currencies `GET /api/store-config` lists in tests, and its default. */
export const CURRENCIES: Currency[] = [...ALL_CURRENCIES];

/** What `GET /api/store-config` answers in tests. */
export const STORE_CONFIG = {
  environment: 'test' as const,
  paymentProvider: 'demo' as const,
  storeName: 'Office Licence Store',
  supportEmail: 'help@store.test',
  supportPhone: '+1 (864) 555-0142',
  officeAddress: 'Anderson, SC, United States',
  supportHours: {
    email: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST',
    phone: 'Mon-Fri 9AM-6PM EST',
    summary:
      'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
    schedule: [
      {
        day: 'Monday - Friday',
        hours: '9AM-6PM EST',
        support: 'Full support by e-mail and phone',
      },
      { day: 'Saturday', hours: '10AM-4PM EST', support: 'Limited support by e-mail' },
      { day: 'Sunday & holidays', hours: 'Closed', support: 'Automated delivery only' },
    ],
  },
  holdReviewHours: 12,
  taxMode: 'off' as const,
  currencies: CURRENCIES,
  defaultCurrency: 'USD' as Currency,
  developmentSignIn: null,
};
