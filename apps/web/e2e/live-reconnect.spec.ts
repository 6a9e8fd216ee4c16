import type { Page, Route } from '@playwright/test';
import { E2E_BASE_URL } from './support/environment.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import {
  createProvider,
  deliverLetter,
  makePdf,
  NO_WEBHOOK,
  uniqueWord,
} from './support/provider.ts';

/** Where the live stream stands now: the id of its first `sync`, read as the page's user. */
async function currentEventId(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
  const response = await fetch(`${E2E_BASE_URL}/api/events`, { headers: { cookie } });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no event stream');
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended before its sync');
      text += decoder.decode(value, { stream: true });
      const sync = /(?:id: (\d+)\n)?event: sync\n/.exec(text);
      if (sync?.[1]) return sync[1];
      if (sync) throw new Error('no live event was stored yet');
    }
  } finally {
    await reader.cancel();
  }
}

test('a letter that arrives while the live connection is down is announced once it is back', async ({
  page,
  user,
}) => {
  const provider = await createProvider(`Gemeindewerke ${uniqueWord('otter')}`, NO_WEBHOOK);
  const subject = `Water meter reading ${uniqueWord().slice(-4).toUpperCase()}`;

  // The page's live connection is held back until the letter is delivered, then it comes back
  // knowing where it was (as after a dropped connection or a move to another server instance).
  let lastSeenId: string | undefined;
  const reconnected: string[] = [];
  await page.route('**/api/events*', async (route: Route) => {
    const url = route.request().url();
    if (lastSeenId === undefined) return route.abort('connectionreset');
    if (!url.includes('last_event_id=')) {
      // The connection that was lost had told the page where the stream stood.
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: `id: ${lastSeenId}\nevent: sync\ndata: {}\n\n`,
      });
    }
    reconnected.push(url);
    return route.continue();
  });

  await logIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // One letter before the page lost its connection, so that there is a place to come back to.
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject: 'Welcome to the Gemeindewerke portal',
    pdf: await makePdf([['Gemeindewerke', 'Welcome']]),
  });
  const before = await currentEventId(page);
  await deliverLetter(provider, {
    recipientEmail: user.email,
    subject,
    pdf: await makePdf([['Gemeindewerke', 'Please read your water meter']]),
  });
  lastSeenId = before;

  // Back online, the page names its last event and is sent the letter it missed.
  const announced = page
    .locator('[data-notification-type="info"]')
    .filter({ hasText: `New letter from ${provider.name}` });
  await expect(announced).toBeVisible({ timeout: 30_000 });
  await expect(announced).toContainText(subject);
  expect(reconnected[0]).toContain(`last_event_id=${before}`);
});
