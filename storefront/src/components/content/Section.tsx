import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { WithSupportHours } from '../StoreContacts';

/** A titled section (h2), labelled by its heading; `id` makes it a link target. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} sx={{ mt: 6, scrollMarginTop: 80 }}>
      <Typography
        id={`${id}-title`}
        variant="h4"
        component="h2"
        sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
      >
        {title}
      </Typography>
      {intro && (
        <Typography color="textSecondary" sx={{ mb: 2, maxWidth: '75ch' }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** Paragraphs and an optional bullet list; they may name the support hours (`HOURS`). */
export function Prose({ paragraphs, bullets }: { paragraphs: string[]; bullets?: readonly string[] }) {
  return (
    <Box sx={{ maxWidth: '75ch' }}>
      {paragraphs.map((p) => (
        <Typography key={p} sx={{ mb: 1.5 }}>
          <WithSupportHours text={p} />
        </Typography>
      ))}
      {bullets && <BulletList items={bullets} />}
    </Box>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, my: 1, '& li': { mb: 0.75 } }}>
      {items.map((item) => (
        <Typography component="li" key={item}>
          <WithSupportHours text={item} />
        </Typography>
      ))}
    </Box>
  );
}
