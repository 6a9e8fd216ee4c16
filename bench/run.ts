import { benchFirstLoad } from './first-load.ts';
import { benchMailbox } from './mailbox.ts';

/**
 * `npm run bench`: measures the budgets of DESIGN §7 and writes docs/benchmarks.md.
 * Expects a built web app (`npm run build`). While iterating, `BENCH_ONLY=mailbox` (or
 * `first-load`) runs one part; see also BENCH_SIZES in mailbox.ts.
 */
async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const results = [
    only === 'mailbox' || (await benchFirstLoad()),
    only === 'first-load' || (await benchMailbox()),
  ];
  if (results.includes(false)) {
    console.error('A budget was missed; see docs/benchmarks.md.');
    process.exitCode = 1;
  }
}

await main();
