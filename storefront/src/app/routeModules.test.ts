import { describe, expect, it } from 'vitest';
import {
  CheckoutPage,
  EnterpriseSupportPage,
  modulesFor,
  NotFoundPage,
  ProductPage,
  SHELL_PAGES,
  StoreLayout,
} from './routeModules';

describe('modulesFor', () => {
  it('names the chunks the route table renders for a path, so a first visit loads them in parallel', () => {
    expect(modulesFor('/')).toEqual([]);
    expect(modulesFor('/checkout')).toEqual([CheckoutPage]);
    expect(modulesFor('/Checkout/')).toEqual([CheckoutPage]);
    expect(modulesFor('/enterprise-support')).toEqual([EnterpriseSupportPage]);
    expect(modulesFor('/home')).toEqual([StoreLayout]);
    expect(modulesFor('/compatibility')).toEqual([StoreLayout, SHELL_PAGES.compatibility]);
    expect(modulesFor('/no/such/page')).toEqual([StoreLayout, NotFoundPage]);
    expect(modulesFor('/checkout/extra')).toEqual([StoreLayout, NotFoundPage]);
    expect(modulesFor('/products/office-2024-standard')).toEqual([StoreLayout, ProductPage]);
  });

  it('loads a page once and remembers it, so that it renders without suspending', async () => {
    const page = SHELL_PAGES.terms!;
    const first = page.load();
    expect(page.load()).toBe(first);
    const component = await first;
    expect(page.loaded).toBe(component);
  });
});
