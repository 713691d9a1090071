import { useEffect, useSyncExternalStore } from 'react';

export type SupportChannel = 'email' | 'phone' | 'liveChat';

export interface SupportScheduleRow {
  day: string;
  hours: string;
  support: string;
}

/** When support is open: each channel's hours, the week in one line and in detail. */
export interface SupportHours extends Record<SupportChannel, string> {
  summary: string;
  schedule: SupportScheduleRow[];
}

/** The store's public settings, served by `GET /api/store-config` (the e-mails use the same ones). */
export interface StoreConfig {
  environment: 'development' | 'production' | 'test';
  paymentProvider: 'stripe' | 'demo';
  storeName: string;
  supportEmail: string;
  supportPhone: string;
  officeAddress: string;
  supportHours: SupportHours;
  developmentSignIn: { username: string; password: string } | null;
}

export type StoreConfigState =
  { status: 'idle' | 'loading' | 'failed'; config: null } | { status: 'ready'; config: StoreConfig };

const INITIAL: StoreConfigState = { status: 'idle', config: null };
let state: StoreConfigState = INITIAL;
/** Bumped by a reset, so an answer to an earlier request is dropped. */
let generation = 0;
const listeners = new Set<() => void>();

function set(next: StoreConfigState) {
  state = next;
  for (const listener of listeners) listener();
}

const hasText = (value: unknown, keys: string[]): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  keys.every((key) => {
    const field = (value as Record<string, unknown>)[key];
    return typeof field === 'string' && field !== '';
  });

function isStoreConfig(body: unknown): body is StoreConfig {
  if (!hasText(body, ['storeName', 'supportEmail', 'supportPhone', 'officeAddress'])) return false;
  const hours: unknown = (body as Record<string, unknown>).supportHours;
  if (!hasText(hours, ['email', 'phone', 'liveChat', 'summary'])) return false;
  const schedule: unknown = (hours as Record<string, unknown>).schedule;
  return Array.isArray(schedule) && schedule.every((row) => hasText(row, ['day', 'hours', 'support']));
}

/** Fetches the settings once per page load; a failed fetch is tried again by the next component that asks. */
export async function loadStoreConfig(): Promise<void> {
  if (state.status === 'loading' || state.status === 'ready') return;
  set({ status: 'loading', config: null });
  const started = generation;
  const settle = (next: StoreConfigState) => {
    if (started === generation) set(next);
  };
  try {
    const response = await fetch('/api/store-config', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/store-config answered ${response.status}`);
    const body: unknown = await response.json();
    if (!isStoreConfig(body)) throw new Error('GET /api/store-config answered an unexpected body');
    settle({ status: 'ready', config: body });
  } catch {
    // The pages show the contact form instead of the contacts.
    settle({ status: 'failed', config: null });
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;
/**
 * What the pages prerendered at build time show (nothing loaded), so that hydration renders it too, even if
 * the settings are already loaded by then; React renders the loaded settings right after.
 */
const prerenderedSnapshot = () => INITIAL;

/** The settings and their loading status; the first component that asks loads them. */
export function useStoreConfig(): StoreConfigState {
  const current = useSyncExternalStore(subscribe, snapshot, prerenderedSnapshot);
  useEffect(() => {
    void loadStoreConfig();
  }, []);
  return current;
}

/** Tests start from nothing loaded. */
export function resetStoreConfig(next: StoreConfigState = INITIAL): void {
  generation += 1;
  set(next);
}

/** The phone number as a `tel:` address: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
