import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Whether the lists show a card per row rather than a table: below the `md` breakpoint (900 px), where
 * react-admin itself turns Create into a floating button, and where a table of six or more columns next to
 * the sidebar no longer fits. Wider screens keep the tables.
 */
export const useIsPhone = () =>
  useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
