import { benchCaseFiles } from './case-files.ts';
import { benchCluster } from './cluster.ts';
import { benchDataExport } from './data-export.ts';
import { benchFirstLoad } from './first-load.ts';
import { benchHostileDocument } from './hostile-document.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchMailMerge } from './mail-merge.ts';
import { benchMailbox } from './mailbox.ts';
import { benchOcr } from './ocr.ts';
import { benchPrinting } from './printing.ts';
import { benchRedosSubmissions } from './redos-submissions.ts';
import { benchSealing } from './sealing.ts';
import { benchUpload } from './upload.ts';
import { benchUploadSearch } from './upload-search.ts';

const parts: Record<string, () => Promise<boolean>> = {
  'first-load': benchFirstLoad,
  lighthouse: benchLighthouse,
  mailbox: benchMailbox,
  'upload-search': benchUploadSearch,
  'hostile-document': benchHostileDocument,
  'redos-submissions': benchRedosSubmissions,
  ocr: benchOcr,
  sealing: benchSealing,
  printing: benchPrinting,
  upload: benchUpload,
  'mail-merge': benchMailMerge,
  'case-files': benchCaseFiles,
  'data-export': benchDataExport,
  cluster: benchCluster,
};

/**
 * `npm run bench`: measures the budgets of DESIGN §7 and writes docs/benchmarks.md.
 * Expects a built web app (`npm run build`). While iterating, `BENCH_ONLY=mailbox` (or
 * `first-load`, `lighthouse`, `hostile-document`, `redos-submissions`, `ocr`, `sealing`, `printing`, `upload`,
 * `upload-search`, `mail-merge`, `case-files`, `data-export`, `cluster`; comma-separated)
 * runs some parts; see also BENCH_SIZES in mailbox.ts and BENCH_UPLOAD_SIZES in upload-search.ts,
 * BENCH_CLUSTER_SIZES in cluster.ts.
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
