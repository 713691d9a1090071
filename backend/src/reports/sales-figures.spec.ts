import { salesFigures } from './sales-figures.js';

describe('the sales figures', () => {
  it('are Shopify’s: gross and refunds without tax, net = gross − refunds, tax net of refunds, total = net + tax', () => {
    // Two paid orders of $121.00 with $21.00 VAT each, one refunded in full, another $12.10 refunded ($2.10 VAT).
    expect(
      salesFigures({
        revenueCents: 24200,
        taxCents: 4200,
        refundsCents: 12100 + 1210,
        refundTaxCents: 2100 + 210,
      }),
    ).toEqual({
      grossSalesCents: 20000,
      refundsCents: 11000,
      netSalesCents: 9000,
      taxCents: 1890,
      totalSalesCents: 10890,
    });
  });

  it('are zero with nothing sold', () => {
    expect(salesFigures({ revenueCents: 0, taxCents: 0, refundsCents: 0, refundTaxCents: 0 })).toEqual({
      grossSalesCents: 0,
      refundsCents: 0,
      netSalesCents: 0,
      taxCents: 0,
      totalSalesCents: 0,
    });
  });
});
