import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures.ts';

/** The pointer leaves whatever it last clicked, so no hover tooltip is scanned with the page. */
export async function scanWithoutHover(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.waitForTimeout(300);
  await expectNoAxeViolations(page);
}

/** Screens are taken only when asked for (`E2E_SCREENSHOTS=1`): nobody looks at them in CI. */
const isTakingScreenshots = process.env.E2E_SCREENSHOTS === '1';

/**
 * Screens for people to look at, in /tmp/shots: `<name>-1280.png` (desktop) and
 * `<name>-390.png` (phone), of the whole page or of `part`.
 */
export async function screenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (!isTakingScreenshots) return;
  mkdirSync('/tmp/shots', { recursive: true });
  const before = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(300);
    const path = `/tmp/shots/${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
