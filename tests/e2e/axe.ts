import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe-core audit of the page as it is now (all rules; passes and the like trimmed to one node each, since only
 * violations are read). Run in the page itself ("legacy mode"): the default mode merges per-frame results in a second,
 * blank page it opens and fills with axe again, which doubled the cost per audit, and our pages have no frames.
 */
export function auditAccessibility(page: Page) {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
}
