import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const WIDTHS = { md: 900, lg: 1200 } as const;

/**
 * The page's column, as MUI's Container draws it (full width with side padding, at most `maxWidth` from
 * that breakpoint up), for the first load of `/`, which leaves MUI's Container out (~1 KB gzip).
 */
export function Container({
  maxWidth,
  sx,
  children,
}: {
  maxWidth: keyof typeof WIDTHS;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      sx={[
        {
          width: '100%',
          mx: 'auto',
          boxSizing: 'border-box',
          px: { xs: 2, sm: 3 },
          maxWidth: { [maxWidth]: WIDTHS[maxWidth] },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
