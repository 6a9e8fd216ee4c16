import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { BENCH_FORM_TITLE, publishBenchForm } from './public-form.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { parseDemoLogin, startServer } from './server-process.ts';

/** DESIGN §7: first load of /login ≤ 150 KB of JavaScript, gzipped. */
const LOGIN_BUDGET_KB = 150;
/** DESIGN §7: first load of the public fill-out page of a form ≤ 200 KB, gzipped. */
const PUBLIC_FORM_BUDGET_KB = 200;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The browser languages /login is first loaded in: English first, then the portal's others. */
const LOGIN_LOCALES = ['en-GB', 'de-DE', 'sv-SE', 'da-DK', 'nb-NO'] as const;
/** Routes reached by client-side navigation after login: each should add only its chunk. */
const ROUTES: Array<[string, RegExp]> = [
  ['/inbox', /^inbox$/i],
  ['/unread-letters', /unread/i],
  ['/outbox', /^outbox$/i],
  ['/folders', /^folders$/i],
  ['/trash', /^trash$/i],
  ['/profile', /^profile$/i],
];

function recordScripts(page: Page): Map<string, number> {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    // A response may still arrive while the browser closes; it then counts for nothing.
    const body = await response.body().catch(() => undefined);
    if (body) sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  return sizes;
}

/**
 * Waits until the page shows `heading` and then no script has arrived for a while:
 * "networkidle" returns at once after a client-side navigation, before the route's chunk.
 */
async function settle(page: Page, sizes: Map<string, number>, heading: RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  let count = -1;
  while (count !== sizes.size) {
    count = sizes.size;
    await page.waitForTimeout(750);
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

export async function benchFirstLoad(): Promise<boolean> {
  const server = await startServer(3190, { KUVERT_DEMO: 'true' });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    // An anonymous visitor opens a provider's public form from a link: a first load of its own.
    const formPath = await publishBenchForm(server);
    const visitor = await browser.newPage();
    const formSizes = recordScripts(visitor);
    await visitor.goto(`${server.url}${formPath}`, { waitUntil: 'networkidle' });
    await settle(visitor, formSizes, new RegExp(`^${BENCH_FORM_TITLE}$`, 'u'));
    const formBytes = total(formSizes);
    await visitor.close();

    // Each language's first visit (the browser's language decides it) loads its own strings.
    const loginByLanguage = new Map<string, number>();
    for (const locale of LOGIN_LOCALES.slice(1)) {
      const context = await browser.newContext({ locale });
      const visit = await context.newPage();
      const visitSizes = recordScripts(visit);
      await visit.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
      // Until every script's body is counted: closing the page drops those still being read.
      await settle(visit, visitSizes, /\S/u);
      loginByLanguage.set(locale, total(visitSizes));
      await context.close();
    }
    const page = await browser.newPage({ locale: LOGIN_LOCALES[0] });
    const sizes = recordScripts(page);
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const loginBytes = total(sizes);
    loginByLanguage.set(LOGIN_LOCALES[0], loginBytes);
    const largestLogin = Math.max(...loginByLanguage.values());

    const demo = parseDemoLogin(server.output());
    await page.getByLabel(/e-mail/i).fill(demo.email);
    await page.getByRole('textbox', { name: /^password/i }).fill(demo.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await settle(page, sizes, /^home$/i);
    const portalBytes = total(sizes) - loginBytes;

    const rows: string[] = [];
    for (const [route, heading] of ROUTES) {
      const before = total(sizes);
      // Client-side navigation, as a user clicking through the sidebar.
      await page.evaluate((target) => {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await settle(page, sizes, heading);
      rows.push(`| \`${route}\` | ${kb(total(sizes) - before)} |`);
    }
    const isLoginWithinBudget = largestLogin / 1024 <= LOGIN_BUDGET_KB;
    const isFormWithinBudget = formBytes / 1024 <= PUBLIC_FORM_BUDGET_KB;
    const isWithinBudget = isLoginWithinBudget && isFormWithinBudget;
    writeBenchmarkSection(
      'first-load',
      `## First load of the web app

${machineLine()}. JavaScript a browser downloads, gzipped at level 9 (the server also offers
brotli, which is smaller).

| what | KB gzipped | budget |
| --- | --- | --- |
| \`/login\`, first load, the largest of its languages | ${kb(largestLogin)} | ≤ ${LOGIN_BUDGET_KB} ${isLoginWithinBudget ? '✓' : '✗ over budget'} |
${[...loginByLanguage].map(([locale, bytes]) => `| \`/login\` in a browser set to ${locale} | ${kb(bytes)} | |`).join('\n')}
| public form fill-out page (\`/forms/search/by-provider/{id}/fill-out/{formId}\`), first load, no login | ${kb(formBytes)} | ≤ ${PUBLIC_FORM_BUDGET_KB} ${isFormWithinBudget ? '✓' : '✗ over budget'} |
| logging in: portal layout and home | ${kb(portalBytes)} | |

After logging in, JavaScript each route adds when reached by navigation (first visit):

| route | KB gzipped |
| --- | --- |
${rows.join('\n')}`,
    );
    console.log(
      `/login first load: ${[...loginByLanguage].map(([locale, bytes]) => `${locale} ${kb(bytes)}`).join(', ')} KB gzipped (budget ${LOGIN_BUDGET_KB})`,
    );
    console.log(
      `public form first load: ${kb(formBytes)} KB gzipped (budget ${PUBLIC_FORM_BUDGET_KB})`,
    );
    return isWithinBudget;
  } finally {
    await browser.close();
    await server.stop();
  }
}
