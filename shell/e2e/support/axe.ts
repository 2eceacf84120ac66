import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * Every rule axe has, by name: naming them runs the ones it leaves out by default too (AAA contrast, the
 * experimental rules), as issue 31 asks.
 */
const EVERY_RULE = axe.getRules().map((rule) => rule.ruleId);

/**
 * The live preview shows the owner's own widget in the colours the owner chose (the spec's default text is
 * #666666, 5.7:1): it is held to axe's default rules (WCAG AA), the dashboard around it to every rule.
 */
const OWNER_STYLED = '[data-testid=widget-preview]';

/** Serious and critical axe violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(EVERY_RULE).exclude(OWNER_STYLED).analyze();
  if (await page.locator(OWNER_STYLED).count())
    violations.push(...(await new AxeBuilder({ page }).include(OWNER_STYLED).analyze()).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ') + contrastOf(n)).join(', ')}`);
}

/** A contrast finding's colours and ratio ("#777777 on #ffffff, 4.48:1"), so a failure says what to change. */
function contrastOf(node: { any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
}
