import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FaqEntry } from '../../content/faq';

interface FaqListProps {
  entries: readonly FaqEntry[];
  /** The questions' heading level, under the section's own heading. */
  heading?: 'h3' | 'h4';
  /**
   * Which answer is open, when several lists share one "one open at a time" (the home page's two
   * categories): the open entry's id (`<idPrefix>-<index>`) and its setter. Without them the list keeps
   * its own.
   */
  open?: string | null;
  onOpenChange?: (id: string | null) => void;
  idPrefix?: string;
}

/** Questions as disclosure buttons; one answer open at a time, and it can be closed again. */
export function FaqList({ entries, heading = 'h3', open, onOpenChange, idPrefix }: FaqListProps) {
  const base = useId();
  const [ownOpen, setOwnOpen] = useState<string | null>(null);
  const current = onOpenChange ? (open ?? null) : ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <Box sx={{ maxWidth: '75ch' }}>
      {entries.map((entry, index) => {
        const id = `${idPrefix ?? base}-${index}`;
        const expanded = current === id;
        return (
          <Box key={entry.question} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Typography component={heading} sx={{ m: 0 }}>
              <ButtonBase
                id={`${id}-button`}
                aria-expanded={expanded}
                aria-controls={`${id}-panel`}
                onClick={() => setOpen(expanded ? null : id)}
                sx={{
                  width: '100%',
                  justifyContent: 'space-between',
                  textAlign: 'left',
                  py: 2,
                  fontSize: '1rem',
                  fontWeight: 600,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                {entry.question}
                <Box component="span" aria-hidden="true" sx={{ ml: 2, fontSize: 20 }}>
                  {expanded ? '−' : '+'}
                </Box>
              </ButtonBase>
            </Typography>
            <Box
              id={`${id}-panel`}
              role="region"
              aria-labelledby={`${id}-button`}
              hidden={!expanded}
              sx={{ pb: 2, color: 'text.secondary' }}
            >
              {entry.answer}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
