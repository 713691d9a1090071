import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCallback, useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { HUMAN_CHECK } from '../../content/challenge';

/** Loads the widget on first use (its own chunk, with its stylesheet and worker). */
export const loadWidget = () => import('./altchaWidget');

/**
 * Shown when a form's answer was `challengeRequired` (the store is receiving many of them): the ALTCHA
 * widget fetches a challenge from the store, solves it in the browser, and hands the solution to
 * `onSolved`, which sends the form again with it. Each solution is good for one send.
 */
export function HumanCheck({ onSolved }: { onSolved: (payload: string) => void }) {
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    let live = true;
    loadWidget().then(
      () => live && setLoaded('ready'),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  // Listening from the moment the widget is in the page (a ref callback runs before any effect).
  const listen = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) solved.current(payload);
    };
    element.addEventListener('verified', verified);
    return () => element.removeEventListener('verified', verified);
  }, []);

  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      {HUMAN_CHECK.explanation}
      <Box sx={{ mt: 1.5 }}>
        {loaded === 'ready' && <altcha-widget ref={listen} challenge="/api/challenge" auto="onload" />}
        {loaded === 'loading' && <CircularProgress size={24} aria-label={HUMAN_CHECK.loading} />}
        {loaded === 'failed' && HUMAN_CHECK.failed}
      </Box>
    </Alert>
  );
}
