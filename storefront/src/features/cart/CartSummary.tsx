import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../lib/money';

export interface SummaryAmounts {
  savingsCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode?: string | null;
  /** The order's tax, once the server priced it with tax on (#20): amount, rate in percent, country. */
  tax?: { cents: number; rate: number; country: string | null; included: boolean } | null;
}

/** "Taxes and fees", or with tax on "VAT DE 19% (included)". */
function taxLabel(tax: NonNullable<SummaryAmounts['tax']>): string {
  const where = tax.country ? ` ${tax.country}` : '';
  return `VAT${where} ${tax.rate}%${tax.included ? ' (included)' : ''}`;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  // No <hr> inside the <dl>: the total row draws its own rule.
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        py: 0.5,
        fontWeight: strong ? 700 : 400,
        ...(strong ? { borderTop: 1, borderColor: 'divider', mt: 1, pt: 1 } : {}),
      }}
      component="div"
    >
      <Typography component="dt" sx={{ fontWeight: 'inherit', fontSize: strong ? '1.15rem' : undefined }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 'inherit', fontSize: strong ? '1.15rem' : undefined }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Savings, subtotal, discount, taxes and fees ($0.00, or the server's tax with its country and rate) and the
 * total, as a description list.
 */
export function CartSummary({
  savingsCents,
  subtotalCents,
  discountCents,
  totalCents,
  couponCode,
  tax,
}: SummaryAmounts) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Row label="Subtotal" value={formatCents(subtotalCents)} />
      <Row label="Product savings" value={`−${formatCents(savingsCents)}`} />
      {discountCents > 0 && (
        <Row
          label={couponCode ? `Promo code (${couponCode})` : 'Promo code'}
          value={`−${formatCents(discountCents)}`}
        />
      )}
      <Row label="Total savings" value={`−${formatCents(savingsCents + discountCents)}`} />
      {tax && tax.rate > 0 ? (
        <Row label={taxLabel(tax)} value={formatCents(tax.cents)} />
      ) : (
        <Row label="Taxes and fees" value={formatCents(0)} />
      )}
      <Row label="Total" value={formatCents(totalCents)} strong />
    </Box>
  );
}
