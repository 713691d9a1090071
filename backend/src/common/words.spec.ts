import { reviewPromise } from '../fulfilment/hold-email.js';
import { countOf, withArticle } from './words.js';

describe('words around a number or a name (#34)', () => {
  it('says 1 order, 0 orders, 2 orders', () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(2, 'order')).toBe('2 orders');
    expect(countOf(1200, 'key')).toBe('1,200 keys');
    expect(countOf(2, 'currency', 'currencies')).toBe('2 currencies');
  });

  it('puts "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('Office Home 2024 key', { capital: true })).toBe('An Office Home 2024 key');
    expect(withArticle('on_hold order', { capital: true })).toBe('An on_hold order');
    expect(withArticle('pending payment')).toBe('a pending payment');
    expect(withArticle('user')).toBe('a user');
    expect(withArticle('hour')).toBe('an hour');
  });

  it('promises a review within 1 hour, not "1 hours"', () => {
    expect(reviewPromise(1)).toContain('usually within 1 hour.');
    expect(reviewPromise(12)).toContain('usually within 12 hours.');
  });
});
