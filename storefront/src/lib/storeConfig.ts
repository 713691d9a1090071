import { useGetStoreConfigQuery } from '../store/storeApi';
import type { StoreConfig } from '../api/types';

export type { StoreConfig, SupportChannel, SupportHours, SupportScheduleRow } from '../api/types';

export type StoreConfigState =
  { status: 'idle' | 'loading' | 'failed'; config: null } | { status: 'ready'; config: StoreConfig };

/**
 * The settings and their loading status; the first component that asks loads them, once per page load (a
 * failed load is tried again by the next component that asks). The pages prerendered at build time show
 * them not loaded, and so does hydration (the store's server state), even if they have arrived by then.
 */
export function useStoreConfig(): StoreConfigState {
  const { data, isError, isUninitialized } = useGetStoreConfigQuery();
  if (data) return { status: 'ready', config: data };
  return { status: isError ? 'failed' : isUninitialized ? 'idle' : 'loading', config: null };
}

/**
 * Whether the store charges tax (TAX_MODE on): then the cart cannot know it before the billing country, and
 * says it is worked out at checkout. False until the settings are loaded: the spec's $0.00, tax off being
 * the default.
 */
export function useTaxCharged(): boolean {
  const { config } = useStoreConfig();
  return config !== null && config.taxMode !== 'off';
}

/** How the store charges tax (TAX_MODE): `off` until the settings are loaded, as `useTaxCharged`. */
export function useTaxMode(): StoreConfig['taxMode'] {
  return useStoreConfig().config?.taxMode ?? 'off';
}

/** The phone number as a `tel:` address: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
