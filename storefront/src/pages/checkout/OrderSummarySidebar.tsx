import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TrustBadge, type TrustKind } from '../../components/brand/TrustBadge';
import { CartLine } from '../../features/cart/CartLine';
import { CartSummary, type SummaryAmounts } from '../../features/cart/CartSummary';
import type { CartItem } from '../../store/cart/types';

const BADGES: { kind: TrustKind; text: string }[] = [
  { kind: 'guarantee', text: '30-Day Money-Back Guarantee' },
  { kind: 'secure', text: '256-bit SSL encrypted payment' },
  { kind: 'delivery', text: 'Genuine licences, delivered by e-mail' },
];
/** Pixels: the height of one cart line and the totals, measured on narrow and wide screens alike. */
const SUMMARY_PLACEHOLDER_HEIGHT = 302;

/** The summary's panel (450 px on wide screens): its title, the given contents, then the badges. */
function SummaryPanel({ children }: { children: ReactNode }) {
  return (
    <Paper
      component="aside"
      variant="outlined"
      aria-labelledby="summary-title"
      sx={{ p: 3, alignSelf: 'start', position: { md: 'sticky' }, top: { md: 24 } }}
    >
      <Typography id="summary-title" variant="h6" component="h2" gutterBottom>
        Order Summary
      </Typography>
      {children}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, display: 'grid', gap: 1 }}>
        {BADGES.map(({ kind, text }) => (
          <TrustBadge key={text} kind={kind} component="li">
            {text}
          </TrustBadge>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * The summary until the cart has been read from the browser's storage (the page prerendered at build time
 * has no cart) and the catalogue loaded: a placeholder about the height of one line and the totals, so that
 * little moves after; or what stands in for the lines (`children`) when they cannot be shown.
 */
export function OrderSummaryPlaceholder({ children }: { children?: ReactNode }) {
  return (
    <SummaryPanel>
      {children ?? <Skeleton variant="rounded" height={SUMMARY_PLACEHOLDER_HEIGHT} />}
    </SummaryPanel>
  );
}

/** The checkout's order summary: lines with quantity controls, then the totals. */
export function OrderSummarySidebar({
  above,
  items,
  amounts,
  onQuantity,
  onRemove,
  readOnly,
}: {
  /** Before the lines: the currency, and what it does not sell. */
  above?: ReactNode;
  items: CartItem[];
  amounts: SummaryAmounts;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
  readOnly: boolean;
}) {
  return (
    <SummaryPanel>
      {above}
      <Box component="ul" aria-label="Items in your order" sx={{ m: 0, p: 0, mb: 2 }}>
        {items.map((item) =>
          readOnly ? (
            <Box
              component="li"
              key={item.id}
              sx={{ listStyle: 'none', py: 1, display: 'flex', justifyContent: 'space-between' }}
            >
              <span>
                {item.title} × {item.quantity}
              </span>
            </Box>
          ) : (
            <CartLine
              key={item.id}
              item={item}
              dense
              onQuantity={(quantity) => onQuantity(item.id, Math.max(1, quantity))}
              onRemove={() => onRemove(item.id)}
            />
          ),
        )}
      </Box>
      <CartSummary {...amounts} />
    </SummaryPanel>
  );
}
