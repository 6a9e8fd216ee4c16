import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { publishBenchForm } from './public-form.ts';
import { machineLine, writeBenchmarkSection } from './report.ts';
import { parseDemoLogin, startServer } from './server-process.ts';

/**
 * DESIGN §7: Lighthouse (mobile) performance ≥ 95 and accessibility 100 on these pages (the
 * public fill-out page of a form included).
 */
const PERFORMANCE_BUDGET = 95;
const ACCESSIBILITY_BUDGET = 100;
const DEBUGGING_PORT = 9333;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--remote-debugging-port=${DEBUGGING_PORT}`,
];

const seconds = (ms: number) => (ms / 1000).toFixed(1);

interface Scores {
  performance: number;
  accessibility: number;
  /** First and largest contentful paint, total blocking time (ms), cumulative layout shift. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  failedAudits: string[];
}

/**
 * One Lighthouse run with its default mobile settings (Moto G Power screen, simulated slow
 * 4G and 4× CPU slowdown), in the browser that is already logged in: storage is not reset.
 */
async function audit(url: string): Promise<Scores> {
  const result = await runLighthouse(url);
  // LIGHTHOUSE_REPORTS=<folder> keeps each full report, to see where the time goes.
  const reportDir = process.env.LIGHTHOUSE_REPORTS;
  if (reportDir) {
    const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
    writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const failedAudits = Object.values(audits)
    .filter(
      (entry) => entry.score !== null && entry.score < 1 && entry.scoreDisplayMode === 'binary',
    )
    .map((entry) => entry.id);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    },
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    failedAudits,
  };
}

/** Attempts per page: a trace now and then comes back unusable (NO_NAVSTART) on a busy machine. */
const ATTEMPTS = 3;

async function runLighthouse(url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: DEBUGGING_PORT,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // A failed trace scores 0 with no metrics: that measures Lighthouse, not the page.
    const failure = result.lhr.runtimeError;
    if (!failure || attempt === ATTEMPTS) return result;
    console.warn(`Lighthouse: ${failure.code} on ${url}, trying again`);
  }
}

export async function benchLighthouse(): Promise<boolean> {
  const server = await startServer(3195, { KUVERT_DEMO: 'true' });
  const profileDir = mkdtempSync(path.join(tmpdir(), 'kuvert-lighthouse-'));
  // A persistent context is the browser's default one, which Lighthouse's tabs share.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    // Before logging in: the login page and a provider's public form, as anyone opens them.
    const formPath = await publishBenchForm(server);
    const pages: Array<{ name: string; path: string }> = [
      { name: 'login', path: '/login' },
      { name: 'public form', path: formPath },
    ];
    const results = new Map<string, Scores>();
    results.set('login', await audit(`${server.url}/login`));
    results.set('public form', await audit(`${server.url}${formPath}`));

    const page = context.pages()[0] ?? (await context.newPage());
    const demo = parseDemoLogin(server.output());
    await page.goto(`${server.url}/login`);
    await page.getByLabel(/e-mail/i).fill(demo.email);
    await page.getByRole('textbox', { name: /^password/i }).fill(demo.password);
    await page.getByRole('button', { name: /log in/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${server.url}/inbox`);
    // The demo mailbox is delivered just after start; give it time to land.
    await page.locator('a[href^="/inbox/"]').first().waitFor({ timeout: 60_000 });
    const letterPath = await page.locator('a[href^="/inbox/"]').first().getAttribute('href');
    if (!letterPath) throw new Error('the demo inbox shows no letter');

    pages.push(
      { name: 'home', path: '/' },
      { name: 'inbox', path: '/inbox' },
      { name: 'letter', path: letterPath },
    );
    for (const { name, path: pagePath } of pages.slice(2)) {
      results.set(name, await audit(`${server.url}${pagePath}`));
    }

    let isWithinBudget = true;
    const rows = pages.map(({ name, path: pagePath }) => {
      const scores = results.get(name);
      if (!scores) return `| ${name} | — | — | | | | | |`;
      const ok =
        scores.performance >= PERFORMANCE_BUDGET && scores.accessibility >= ACCESSIBILITY_BUDGET;
      if (!ok) isWithinBudget = false;
      const shown =
        name === 'letter'
          ? '`/inbox/{id}`'
          : name === 'public form'
            ? 'public form fill-out, no login'
            : `\`${pagePath}\``;
      const notes = scores.failedAudits.length > 0 ? scores.failedAudits.join(', ') : '';
      const { fcp, lcp, tbt, cls } = scores.metrics;
      return `| ${shown} | ${scores.performance} ${scores.performance >= PERFORMANCE_BUDGET ? '✓' : '✗'} | ${scores.accessibility} ${scores.accessibility >= ACCESSIBILITY_BUDGET ? '✓' : '✗'} | ${seconds(fcp)} | ${seconds(lcp)} | ${Math.round(tbt)} | ${cls.toFixed(3)} | ${notes} |`;
    });
    writeBenchmarkSection(
      'lighthouse',
      `## Lighthouse (mobile)

${machineLine()}. Lighthouse ${lighthouseVersion()} with its default mobile settings (simulated
slow 4G, 4× CPU slowdown) in Debian's Chromium, against the production build with the demo
mailbox; logged in for every page but \`/login\` and the public form (a provider's public
form with a field of every kind, opened without a login). Budgets: performance ≥ ${PERFORMANCE_BUDGET},
accessibility ${ACCESSIBILITY_BUDGET}.

| page | performance | accessibility | FCP s | LCP s | TBT ms | CLS | failed pass/fail audits |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`,
    );
    return isWithinBudget;
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await server.stop();
  }
}

function lighthouseVersion(): string {
  return process.env.npm_package_devDependencies_lighthouse?.replace(/^\D+/, '') ?? '13';
}

// `node bench/lighthouse.ts` runs this part alone (after `npm run build`).
if (import.meta.main) {
  const ok = await benchLighthouse();
  console.log(ok ? 'Lighthouse: within budget' : 'Lighthouse: over budget, see docs/benchmarks.md');
}
