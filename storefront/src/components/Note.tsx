import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  info: { bg: '#e8f1fb', border: '#1565c0', fg: '#0d3c73' },
  error: { bg: '#fdecea', border: '#c62828', fg: '#611a15' },
  success: { bg: '#edf7ed', border: '#2e7d32', fg: '#1e4620' },
} as const;

/** A light-weight notice for the first-load pages (MUI's Alert brings its icons and more). */
export function Note({
  tone = 'info',
  children,
  role,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  role?: string;
}) {
  const t = TONES[tone];
  return (
    <Box
      role={role}
      sx={{
        bgcolor: t.bg,
        color: t.fg,
        borderLeft: 4,
        borderColor: t.border,
        borderRadius: 1,
        px: 2,
        py: 1.5,
      }}
    >
      {children}
    </Box>
  );
}
