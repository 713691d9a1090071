/**
 * The order's reference in what the buyer reads (e-mails, the bank transfer's reference): the first eight
 * characters of its id, in capitals ("Order 1A2B3C4D"); the full id follows where the buyer may need it.
 */
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
