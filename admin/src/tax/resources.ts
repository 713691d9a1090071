import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';
import { requireListAccess } from '../common/RequireAccess';

/**
 * The tax returns' page (#20 §6): not a list of records but the quarter's files, declared as a resource so
 * it gets its route, its link in the sidebar and the admin-only rule like the others.
 */
export const taxReturns = {
  name: 'tax-returns',
  label: 'Tax returns',
  titlesUseLabel: true,
  icon: ReceiptLongIcon,
  list: requireListAccess(
    'tax-returns',
    lazyView(() => import('./TaxReturnsPage'), 'TaxReturnsPage'),
  ),
  writable: [],
  adminOnly: true,
} satisfies ResourceDefinition;

/** The ECB's euro reference rates the returns convert with. */
export const exchangeRates = {
  name: 'exchange-rates',
  label: 'Exchange rates',
  icon: CurrencyExchangeIcon,
  list: lazyView(() => import('./ExchangeRateList'), 'ExchangeRateList'),
  create: lazyView(() => import('./ExchangeRateCreate'), 'ExchangeRateCreate'),
  edit: lazyView(() => import('./ExchangeRateEdit'), 'ExchangeRateEdit'),
  recordRepresentation: (rate: { currency: string; date: string }) => `${rate.currency} ${rate.date}`,
  writable: ['currency', 'date', 'rate'] satisfies (keyof components['schemas']['UpdateExchangeRateDto'])[],
  adminOnly: true,
} satisfies ResourceDefinition;
