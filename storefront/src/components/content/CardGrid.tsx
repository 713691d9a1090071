import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { contentUi } from '../../content/ui';

export interface GridCard {
  title: string;
  /** A short line above the text: a figure, a time, a status. */
  eyebrow?: ReactNode;
  text?: ReactNode;
  children?: ReactNode;
}

/**
 * Cards in a responsive grid, as a list; each card's title is an h3 (the grid sits in an h2 section).
 * `ordered` numbers the cards (steps).
 */
export function CardGrid({
  cards,
  columns = 3,
  ordered = false,
  label,
}: {
  cards: GridCard[];
  columns?: 2 | 3 | 4;
  ordered?: boolean;
  label?: string;
}) {
  return (
    <Box
      component={ordered ? 'ol' : 'ul'}
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
      }}
    >
      {cards.map((card, index) => (
        <Paper component="li" key={card.title} variant="outlined" sx={{ p: 3 }}>
          {ordered && (
            <Typography sx={{ fontWeight: 800, color: 'primary.main' }}>
              {contentUi.step(index + 1)}
            </Typography>
          )}
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            {card.title}
          </Typography>
          {card.eyebrow && (
            <Typography sx={{ fontWeight: 700, color: 'primary.main', mb: 0.5 }}>{card.eyebrow}</Typography>
          )}
          {card.text && (
            <Typography variant="body2" color="textSecondary">
              {card.text}
            </Typography>
          )}
          {card.children}
        </Paper>
      ))}
    </Box>
  );
}

/** Figures as a description list: the value large, its label below. */
export function Stats({ stats }: { stats: { value: string; label: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // minmax(0, …) and wrapping figures: two columns fit a 320 px screen.
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${stats.length},minmax(0,1fr))`,
        },
        gap: { xs: 2, sm: 3 },
        my: 0,
      }}
    >
      {stats.map((stat) => (
        <Box key={stat.label} sx={{ display: 'flex', flexDirection: 'column-reverse', textAlign: 'center' }}>
          <Typography component="dt" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {stat.label}
          </Typography>
          <Typography
            component="dd"
            variant="h4"
            sx={{
              m: 0,
              fontWeight: 800,
              fontSize: { xs: '1.6rem', sm: '2.125rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {stat.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
