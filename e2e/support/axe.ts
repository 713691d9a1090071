import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { NodeResult } from 'axe-core';

/**
 * Serious and critical axe violations on the page as it is now, as readable lines (issue #18: zero on every
 * public route, checkout step and back-office screen). `exclude` leaves out nodes we cannot fix from our
 * code; each caller says why.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // A dialog fading in measures as low contrast: let finite transitions and animations end first
  // (a spinner's never does, and is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(describe).join(', ')}`);
}

/** A node as its selector, the start of its HTML and axe's reason (e.g. the contrast it measured). */
function describe(node: NodeResult): string {
  const reason = node.failureSummary?.split('\n')[1]?.trim() ?? '';
  return `${node.target.join(' ')} ${node.html.slice(0, 100)} [${reason}]`;
}
