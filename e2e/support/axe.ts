import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical violations axe-core finds on the page (WCAG 2.2 AA and best practice), as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // passes and incomplete results are left unreported (about a third of axe's time on a long page):
    // only the violations are read, and they are reported in full
    .options({ resultTypes: ['violations'] })
    // one axe.run in the page, which tests same-origin frames too; the default runs axe.runPartial in
    // each frame and then axe.finishRun in a blank page opened for it, which took two to five times as
    // long here (1.9 to 3.6 s against 0.7 to 0.8 s on /charges). The app has no cross-origin frames,
    // the one case only the default covers
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
