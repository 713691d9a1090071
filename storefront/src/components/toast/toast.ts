/**
 * A small notification store in the manner of shadcn's use-toast: one toast at a time (a new one replaces
 * the current), each closing itself after its duration. Any part of the app calls `toast()`; the
 * `<Toaster>` in the shell renders the current one.
 */
export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

export function toast(input: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}) {
  const item: Toast = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  const kept = [item, ...toasts].slice(0, TOAST_LIMIT);
  for (const dropped of toasts.filter((t) => !kept.includes(t))) {
    const timer = timers.get(dropped.id);
    if (timer) clearTimeout(timer);
    timers.delete(dropped.id);
  }
  toasts = kept;
  if (Number.isFinite(item.duration)) {
    timers.set(
      item.id,
      setTimeout(() => dismissToast(item.id), item.duration),
    );
  }
  emit();
  return item.id;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}
