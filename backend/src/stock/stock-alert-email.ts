import { escapeHtml } from '../emails/mail-text.js';

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** What a stock alert says about one product. */
export interface StockAlertFacts {
  productId: string;
  title: string;
  available: number;
  /** The level in force (the product's own, or LOW_STOCK_THRESHOLD). */
  threshold: number;
  waitingOrders: number;
}

const html = (paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;

const keys = (n: number) => `${n} key${n === 1 ? '' : 's'}`;
const orders = (n: number) => `${n} paid order${n === 1 ? '' : 's'}`;

function mail(subject: string, paragraphs: string[]): Mail {
  return { subject, text: paragraphs.join('\n\n'), html: html(paragraphs) };
}

function figures(facts: StockAlertFacts): string {
  return (
    `In stock: ${keys(facts.available)}. Low-stock level: ${facts.threshold}. ` +
    `Orders waiting for keys of it: ${facts.waitingOrders}.`
  );
}

/** Tells staff a product's stock fell below its low-stock level (sent once per crossing). */
export function renderLowStockEmail(facts: StockAlertFacts, publicUrl: string): Mail {
  return mail(`Low stock: ${facts.title} has ${keys(facts.available)} left`, [
    `${facts.title} (${facts.productId}) fell below its low-stock level of ${facts.threshold}: ` +
      `${keys(facts.available)} left in stock.`,
    figures(facts),
    `Import keys, or change the level, in the back office: ${publicUrl}/admin#/products`,
    'You will not be alerted again until the stock is back at or above the level and falls below it again.',
  ]);
}

/** Tells staff paid orders started waiting for keys of a product (sent once until none waits). */
export function renderOrdersWaitingEmail(facts: StockAlertFacts, publicUrl: string): Mail {
  return mail(`Orders waiting for keys: ${facts.title} is out of stock`, [
    `${orders(facts.waitingOrders)} ${facts.waitingOrders === 1 ? 'is' : 'are'} waiting for keys of ` +
      `${facts.title} (${facts.productId}): the stock ran out. Each is delivered as soon as keys are imported.`,
    figures(facts),
    `Import keys in the back office: ${publicUrl}/admin#/license-keys`,
    'You will not be alerted again until no order waits for this product.',
  ]);
}
