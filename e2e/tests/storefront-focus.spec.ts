import { expect, test, type Page } from '@playwright/test';

/**
 * Tabs until the focused element's text is `name`, in any case (buttons are shown upper-case), at most `limit`
 * times; answers its outline.
 */
async function tabTo(page: Page, name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return null;
      const style = getComputedStyle(element);
      return { text: element.innerText.trim(), outline: `${style.outlineStyle} ${style.outlineWidth}` };
    });
    if (focused?.text.toLowerCase() === name.toLowerCase()) return focused.outline;
  }
  throw new Error(`${name} was not reached with Tab`);
}

test.describe('keyboard focus on the storefront', () => {
  test('every kind of button shows a focus ring when reached with the keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article')).toHaveCount(3);
    // A contained (blue) button: MUI alone shows no ring on it.
    expect(await tabTo(page, 'Add to Cart')).toBe('solid 3px');
  });

  test('the FAQ questions use the page’s font, not the browser’s button font', async ({ page }) => {
    await page.goto('/');
    const question = page.locator('summary', { hasText: 'Is this a subscription' });
    await expect(question).toBeVisible();
    const [questionFont, bodyFont] = await question.evaluate((element) => [
      getComputedStyle(element).fontFamily,
      getComputedStyle(document.body).fontFamily,
    ]);
    expect(questionFont).toBe(bodyFont);
  });

  test('the checkout puts the focus on its step heading on arrival', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'office-store.cart',
        JSON.stringify([{ id: 'office-2024-standard', quantity: 1 }]),
      ),
    );
    await page.goto('/checkout');
    // Focused once the page is hydrated.
    await expect(page.getByRole('heading', { name: '1. Billing Info' })).toBeFocused();
  });
});
