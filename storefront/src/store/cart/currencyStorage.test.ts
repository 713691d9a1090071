import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../store';
import { restoreCart } from './cartListeners';
import { chooseCurrency, clearCart, suggestCurrency } from './cartSlice';
import { CURRENCY_STORAGE_KEY } from './cartStorage';

/** The browser's languages, as navigator.languages lists them. */
const browserSpeaks = (...languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

describe('the buyer’s currency, kept with the cart (#35)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('on a first visit takes the browser’s language as a suggestion, stored nowhere', () => {
    browserSpeaks('de-DE', 'de', 'en');
    const store = makeStore();
    store.dispatch(restoreCart());
    expect(store.getState().cart).toMatchObject({ currency: 'EUR', currencyChosen: false });
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBeNull();
  });

  it('keeps the buyer’s choice for the next visit, over the browser’s language, and past an emptied cart', () => {
    browserSpeaks('de-DE');
    const first = makeStore();
    first.dispatch(restoreCart());
    first.dispatch(chooseCurrency('USD'));
    first.dispatch(clearCart());
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('"USD"');

    const next = makeStore();
    next.dispatch(restoreCart());
    expect(next.getState().cart).toMatchObject({ currency: 'USD', currencyChosen: true });
  });

  it('never lets a suggestion replace a choice', () => {
    const store = makeStore();
    store.dispatch(suggestCurrency('INR'));
    expect(store.getState().cart.currency).toBe('INR');
    store.dispatch(chooseCurrency('GBP'));
    store.dispatch(suggestCurrency('EUR'));
    expect(store.getState().cart).toMatchObject({ currency: 'GBP', currencyChosen: true });
  });

  it('ignores a stored value that is not a currency code', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    browserSpeaks('en-US');
    localStorage.setItem(CURRENCY_STORAGE_KEY, JSON.stringify('euros'));
    const store = makeStore();
    store.dispatch(restoreCart());
    expect(store.getState().cart).toMatchObject({ currency: 'USD', currencyChosen: false });
  });
});
