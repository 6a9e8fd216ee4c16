import { benchFirstLoad } from './first-load.ts';
import { benchMailbox } from './mailbox.ts';

/**
 * `npm run bench`: measures the budgets of DESIGN §7 and writes docs/benchmarks.md.
 * Expects a built web app (`npm run build`).
 */
async function main(): Promise<void> {
  const results = [await benchFirstLoad(), await benchMailbox()];
  if (results.includes(false)) {
    console.error('A budget was missed; see docs/benchmarks.md.');
    process.exitCode = 1;
  }
}

await main();
