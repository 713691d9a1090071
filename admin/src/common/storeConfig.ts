import type { Currency } from '@store/contracts';
import { useEffect, useState } from 'react';

/** `GET /api/store-config`: public, read once per page load. */
export interface StoreConfig {
  environment: string;
  paymentProvider: string;
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
  /** The currencies sold (upper-case ISO 4217), the default first. */
  currencies: Currency[];
  /** The currency of a buyer who chose none, and of the dashboard's converted totals: "USD". */
  defaultCurrency: Currency;
  /** Present only when the server runs outside production. */
  developmentSignIn: { username: string; password: string } | null;
}

let pending: Promise<StoreConfig | null> | undefined;

function loadStoreConfig(): Promise<StoreConfig | null> {
  pending ??= fetch('/api/store-config', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<StoreConfig>) : null))
    .catch(() => null);
  return pending;
}

/** Forgets the cached answer (tests). */
export function resetStoreConfig(): void {
  pending = undefined;
}

export function useStoreConfig(): StoreConfig | null {
  const [config, setConfig] = useState<StoreConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadStoreConfig().then((value) => {
      if (live) setConfig(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
