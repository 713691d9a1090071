import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { stockCopy } from '../../content/stock';
import { taxCopy } from '../../content/tax';
import type { Currency } from '../../api/currencies';
import { formatMoney } from '../../lib/money';

/** The order's tax, once the server priced it (#20). */
export interface SummaryTax {
  cents: number;
  /** In percent: 19, 25.5; 0 where none is charged. */
  rate: number;
  country: string | null;
  included: boolean;
  /** A business's verified EU VAT number: no VAT, the buyer accounts for it. */
  reverseCharge?: boolean;
  /** A VAT number given that could not be verified: the consumer's rate is charged. */
  vatNumberUnverified?: boolean;
  /** A VAT number registered to another company than the one typed: the consumer's rate is charged. */
  companyNameMismatch?: boolean;
}

export interface SummaryAmounts {
  /** The currency of every amount below: the cart's, or the order's once made. */
  currency: Currency;
  savingsCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  couponCode?: string | null;
  /** The server's tax of the order; none before the billing country is known. */
  tax?: SummaryTax | null;
  /** With no `tax` yet: whether the store charges tax (then it is worked out at checkout, not $0.00). */
  taxAtCheckout?: boolean;
  /** With `taxAtCheckout`: the prices include the VAT (TAX_MODE=inclusive), so nothing comes on top. */
  pricesIncludeTax?: boolean;
  /**
   * The order's payment answered that some keys are not in stock (`keysToFollow`): within how many hours
   * they follow by e-mail, said before the shopper pays (#34).
   */
  keysToFollowHours?: number | null;
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

/** The tax row: the spec's "Taxes and fees $0.00" unless the store charges tax. */
function TaxRow({
  currency,
  tax,
  taxAtCheckout,
  pricesIncludeTax,
}: Pick<SummaryAmounts, 'currency' | 'tax' | 'taxAtCheckout' | 'pricesIncludeTax'>) {
  const formatCents = (cents: number) => formatMoney({ cents, currency });
  if (tax?.reverseCharge)
    return <Row label={taxCopy.reverseChargeLine(tax.country)} value={formatCents(tax.cents)} />;
  if (tax && tax.rate > 0)
    return <Row label={taxCopy.line(tax.country, tax.rate, tax.included)} value={formatCents(tax.cents)} />;
  if (!tax && taxAtCheckout)
    return (
      <Row label="Taxes and fees" value={pricesIncludeTax ? taxCopy.includedInPrices : taxCopy.atCheckout} />
    );
  return <Row label="Taxes and fees" value={formatCents(0)} />;
}

/**
 * Savings, subtotal, discount, taxes and fees ($0.00, or the server's tax with its country and rate) and the
 * total, as a description list; then what the tax line needs said (reverse charge, an unverified VAT number, another company's).
 */
export function CartSummary({
  currency,
  savingsCents,
  subtotalCents,
  discountCents,
  totalCents,
  couponCode,
  tax,
  taxAtCheckout,
  pricesIncludeTax,
  keysToFollowHours,
}: SummaryAmounts) {
  const formatCents = (cents: number) => formatMoney({ cents, currency });
  const notes = [
    keysToFollowHours !== null &&
      keysToFollowHours !== undefined &&
      stockCopy.keysToFollowNote(keysToFollowHours),
    tax?.reverseCharge && taxCopy.reverseChargeNote,
    // Only while VAT is charged for it (with tax off there is nothing to say).
    tax?.vatNumberUnverified && !tax.reverseCharge && tax.rate > 0 && taxCopy.unverifiedNote,
    tax?.companyNameMismatch && !tax.reverseCharge && tax.rate > 0 && taxCopy.companyMismatchNote,
  ].filter((note): note is string => Boolean(note));
  return (
    <>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label="Subtotal" value={formatCents(subtotalCents)} />
        {/* A saving of nothing is not shown (#34): there is none while no list price has a source. */}
        {savingsCents > 0 && <Row label="Product savings" value={`−${formatCents(savingsCents)}`} />}
        {discountCents > 0 && (
          <Row
            label={couponCode ? `Promo code (${couponCode})` : 'Promo code'}
            value={`−${formatCents(discountCents)}`}
          />
        )}
        {savingsCents + discountCents > 0 && (
          <Row label="Total savings" value={`−${formatCents(savingsCents + discountCents)}`} />
        )}
        <TaxRow
          currency={currency}
          tax={tax}
          taxAtCheckout={taxAtCheckout}
          pricesIncludeTax={pricesIncludeTax}
        />
        <Row
          label={tax?.included && tax.rate > 0 && !tax.reverseCharge ? taxCopy.totalInclVat : 'Total'}
          value={formatCents(totalCents)}
          strong
        />
      </Box>
      {notes.map((note) => (
        <Typography key={note} variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {note}
        </Typography>
      ))}
    </>
  );
}
