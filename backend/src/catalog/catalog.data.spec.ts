import { CATALOG } from './catalog.data.js';

describe('the catalogue', () => {
  it("states each edition's saving as its prices give it, rounded down (never more than it is)", () => {
    for (const product of CATALOG) {
      const saving = Math.floor((1 - product.currentPriceCents / product.originalPriceCents) * 100);
      expect([product.id, product.savings]).toEqual([product.id, `${saving}%`]);
    }
  });
});
