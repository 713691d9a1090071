import Box from '@mui/material/Box';

const TONES = {
  critical: { bg: '#fdecea', fg: '#8a1c12' },
  positive: { bg: '#e7f5ea', fg: '#145c2b' },
  neutral: { bg: '#e8eef8', fg: '#0d3c73' },
} as const;

/** A small inline label for a record's flag (Critical, Preferred, Common). */
export function Tag({
  tone = 'neutral',
  spaced = true,
  children,
}: {
  tone?: keyof typeof TONES;
  /** Space before the tag, for one that follows text. */
  spaced?: boolean;
  children: string;
}) {
  const t = TONES[tone];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        bgcolor: t.bg,
        color: t.fg,
        fontSize: '0.75rem',
        fontWeight: 700,
        borderRadius: 1,
        px: 1,
        py: 0.25,
        ml: spaced ? 1 : 0,
        verticalAlign: 'middle',
      }}
    >
      {children}
    </Box>
  );
}
