import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ElementType, ReactNode } from 'react';

type Variant = 'h2' | 'h4' | 'h6' | 'body1' | 'body2';

/**
 * A light-weight text for the first-load pages, as MUI's Typography draws it (the theme's variant, no
 * margin, the variant's element unless `component` says otherwise), without its code in the first load
 * of `/` (~1 KB gzip).
 */
export function Text({
  variant = 'body1',
  component,
  color,
  id,
  sx,
  children,
}: {
  variant?: Variant;
  component?: ElementType;
  color?: 'textSecondary';
  id?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component={component ?? (variant === 'body1' || variant === 'body2' ? 'p' : variant)}
      id={id}
      sx={[
        { m: 0, typography: variant, ...(color && { color: 'text.secondary' }) },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
