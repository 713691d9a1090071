import { renderLowStockEmail, renderOrdersWaitingEmail } from './stock-alert-email.js';

const FACTS = {
  productId: 'office-2024-home-business',
  title: 'Office 2024 Home & Business',
  available: 1,
  threshold: 5,
  waitingOrders: 0,
};

describe('stock alert e-mails', () => {
  it('say the product, the stock left, the level, the orders waiting and where to act', () => {
    const mail = renderLowStockEmail(FACTS, 'https://store.example');
    expect(mail.subject).toBe('Low stock: Office 2024 Home & Business has 1 key left');
    expect(mail.text).toContain(
      'Office 2024 Home & Business (office-2024-home-business) fell below its low-stock level of 5: 1 key left in stock.',
    );
    expect(mail.text).toContain('In stock: 1 key. Low-stock level: 5. Orders waiting for keys of it: 0.');
    expect(mail.text).toContain('https://store.example/admin#/products');
    // The title is escaped in the HTML body.
    expect(mail.html).toContain('Office 2024 Home &amp; Business');
    expect(mail.html).not.toContain('Home & Business');
  });

  it('count the orders waiting', () => {
    const one = renderOrdersWaitingEmail(
      { ...FACTS, available: 0, waitingOrders: 1 },
      'https://store.example',
    );
    expect(one.subject).toBe('Orders waiting for keys: Office 2024 Home & Business is out of stock');
    expect(one.text).toContain('1 paid order is waiting for keys of Office 2024 Home & Business');
    const three = renderOrdersWaitingEmail(
      { ...FACTS, available: 0, waitingOrders: 3 },
      'https://store.example',
    );
    expect(three.text).toContain('3 paid orders are waiting for keys');
    expect(three.text).toContain('https://store.example/admin#/license-keys');
  });
});
