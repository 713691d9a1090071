import { DELIVERY } from './business';

/** Copy of the cart's lines. */
export const cartCopy = {
  /** Under a line of DELIVERY.bulkOrderThreshold licences or more (spec: bulk orders may need manual processing). */
  bulkNote: (max: number) =>
    `Orders of ${DELIVERY.bulkOrderThreshold} or more licences may need manual processing: the keys can take up to ${DELIVERY.refundIfNotDeliveredHours} hours. Up to ${max} per order; for more, contact us.`,
};
