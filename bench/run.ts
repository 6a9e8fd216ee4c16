import { benchFirstLoad } from './first-load.ts';
import { benchHostileDocument } from './hostile-document.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchMailbox } from './mailbox.ts';
import { benchUpload } from './upload.ts';

const parts: Record<string, () => Promise<boolean>> = {
  'first-load': benchFirstLoad,
  lighthouse: benchLighthouse,
  mailbox: benchMailbox,
  'hostile-document': benchHostileDocument,
  upload: benchUpload,
};

/**
 * `npm run bench`: measures the budgets of DESIGN §7 and writes docs/benchmarks.md.
 * Expects a built web app (`npm run build`). While iterating, `BENCH_ONLY=mailbox` (or
 * `first-load`, `lighthouse`, `hostile-document`, `upload`; comma-separated) runs some parts; see also BENCH_SIZES in
 * mailbox.ts.
 */
async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !(name in parts)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: no part named ${unknown.join(', ')}`);
  let isWithinBudget = true;
  for (const [name, run] of Object.entries(parts)) {
    if (only && !only.includes(name)) continue;
    if (!(await run())) isWithinBudget = false;
  }
  if (!isWithinBudget) {
    console.error('A budget was missed; see docs/benchmarks.md.');
    process.exitCode = 1;
  }
}

await main();
