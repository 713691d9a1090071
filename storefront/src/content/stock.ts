import type { ProductStockLevel } from '../api/types';

/**
 * What a product's card and cart line say of its stock (#34): the server's level, never a fixed count, and
 * before payment that a back-ordered product's keys follow later.
 */
export const stockCopy = {
  level: (level: ProductStockLevel, backOrderHours: number): string =>
    level === 'in_stock'
      ? 'In stock'
      : level === 'low_stock'
        ? 'Low stock'
        : `Back-ordered: keys within ${backOrderHours} hours`,
  /** Under a back-ordered line in the cart and the checkout's summary, before payment. */
  backOrderNote: (backOrderHours: number) =>
    `Not in stock right now: you pay today and the keys follow by e-mail within ${backOrderHours} hours.`,
  /** In the checkout's summary when the order's payment says some keys are not in stock (a low stock). */
  keysToFollowNote: (backOrderHours: number) =>
    `Not all of these keys are in stock right now: those in stock are e-mailed once you pay, the rest within ${backOrderHours} hours.`,
};

/** Beside a list price that has a stated source (#34): where it comes from. */
export const listPriceCopy = {
  source: (source: string) => `List price: ${source}`,
};

/** The confirmation screen's status of a paid order whose keys were not all in stock (#34). */
export const orderStatusCopy = {
  awaitingKeys: (backOrderHours: number) =>
    `Payment confirmed. Some or all of your licence keys are not in stock yet: they follow by e-mail within ${backOrderHours} hours.`,
};
