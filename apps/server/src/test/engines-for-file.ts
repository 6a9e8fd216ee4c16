import { expect } from 'vitest';
import { testEngines } from './helper.ts';

/**
 * Which files run on PostgreSQL too, when TEST_DATABASE_URL names one: the files whose SQL
 * differs between the engines (raw SQL, search, migrations, locks) or whose behaviour rests on
 * the database's concurrency (jobs across instances, idempotent deliveries, quotas, live event
 * replay, sessions and memberships read by every request). The rest build their queries with
 * Kysely, which writes them for either engine, and test flows, texts and documents that do not
 * depend on it: on SQLite alone they take half the suite's time on CI's two cores.
 * `TEST_ALL_ENGINES=1` runs every file on both.
 */
const onBothEngines = [
  /\/db\//u,
  /\/modules\/search\//u,
  /\/modules\/events\//u,
  /\/modules\/health\//u,
  /\/modules\/letters\//u,
  /\/modules\/case-files\//u,
  /\/modules\/trash\//u,
  /\/modules\/members\//u,
  /\/modules\/accounts\//u,
  /\/modules\/sender-api\/sender-api\.test\.ts$/u,
  /\/modules\/identity\/test-idp-instances\.test\.ts$/u,
  /\/modules\/uploads\/(upload-tus|uploads|upload-duplicates)\.test\.ts$/u,
  /\/modules\/signatures\/(signatures|signature-jobs)\.test\.ts$/u,
  /\/modules\/form-submissions\/form-file-quota\.test\.ts$/u,
  /\/modules\/invoices\/invoice-reminders\.test\.ts$/u,
  /\/modules\/mail-merge\/mail-merge\.test\.ts$/u,
  /\/modules\/contacts\/contacts\.test\.ts$/u,
  /\/modules\/postal\/postal\.test\.ts$/u,
  /\/plugins\/(jobs|jobs-cluster|drain|work-queue)\.test\.ts$/u,
  /\/src\/(authorization|personal-data)\.test\.ts$/u,
];

const file = expect.getState().testPath ?? '';
const isOnBoth =
  process.env.TEST_ALL_ENGINES === '1' || onBothEngines.some((pattern) => pattern.test(file));
// Files share a worker's modules (isolate: false), so the list is set again for each file.
testEngines.splice(
  0,
  testEngines.length,
  ...(process.env.TEST_DATABASE_URL && isOnBoth
    ? (['sqlite', 'postgres'] as const)
    : ['sqlite' as const]),
);
