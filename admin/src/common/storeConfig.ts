import { useEffect, useState } from 'react';

/** `GET /api/store-config`: public, read once per page load. */
export interface StoreConfig {
  environment: string;
  paymentProvider: string;
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
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
