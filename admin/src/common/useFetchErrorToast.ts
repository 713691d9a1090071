import { useMemo } from 'react';
import { useToast } from './toast';

/** `queryOptions` of a list whose failure is reported with the spec's message ('Failed to fetch orders'). */
export function useFetchErrorToast(message: string) {
  const toast = useToast();
  return useMemo(() => ({ onError: () => toast(message, undefined, 'error') }), [toast, message]);
}
