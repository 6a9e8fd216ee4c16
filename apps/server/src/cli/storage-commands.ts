import { parseArgs } from 'node:util';
import { migrateDocuments, type MigrationProgress } from '../plugins/storage/document-migration.ts';
import {
  openDocumentStore,
  type DocumentStoreKind,
  type OpenedDocumentStore,
} from '../plugins/storage.ts';
// A type-only import: run-cli.ts imports this file's commands, so no runtime cycle arises.
import type { CliCommand } from './run-cli.ts';
import { UsageError } from './usage-error.ts';

const KINDS: readonly DocumentStoreKind[] = ['filesystem', 's3'];
/** A progress line every this many documents (and at the end). */
const PROGRESS_EVERY = 100;

function kindOf(option: string, value: string | undefined): DocumentStoreKind {
  const kind = KINDS.find((candidate) => candidate === value);
  if (!kind) throw new UsageError(`--${option} must be filesystem or s3`);
  return kind;
}

function summary(progress: Readonly<MigrationProgress>): string {
  return (
    `${progress.done}/${progress.total}: ${progress.copied} copied, ` +
    `${progress.present} already there, ${progress.missing.length} missing, ` +
    `${progress.corrupt.length} corrupt`
  );
}

const storageMigrate: CliCommand = {
  words: ['storage', 'migrate'],
  usage:
    'storage migrate --from filesystem|s3 --to filesystem|s3\n' +
    '      Copy every document (letters, uploads, thumbnails, logos) into the other store,\n' +
    '      checking each SHA-256. Skips what is already there: run it again after a break.',
  async run(app, args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' } },
    });
    if (positionals.length > 0) throw new UsageError('expected no arguments besides the options');
    const fromKind = kindOf('from', values.from);
    const toKind = kindOf('to', values.to);
    if (fromKind === toKind) throw new UsageError('--from and --to must differ');
    if (app.config.storage.kind !== 's3') {
      throw new UsageError(
        'S3 is not configured: set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    }

    const options = { storage: app.config.storage, dataDir: app.config.dataDir, clock: app.clock };
    const opened: OpenedDocumentStore[] = [];
    try {
      const from = await openDocumentStore(fromKind, options);
      opened.push(from);
      const to = await openDocumentStore(toKind, options);
      opened.push(to);
      io.out(`Copying the documents rows refer to from ${fromKind} to ${toKind}.`);
      let reported = 0;
      const result = await migrateDocuments(app.db, from.store, to.store, (progress) => {
        if (progress.done - reported < PROGRESS_EVERY) return;
        reported = progress.done;
        io.out(`  ${summary(progress)}`);
      });
      for (const key of result.missing) io.error(`Missing in ${fromKind}: ${key}`);
      for (const key of result.corrupt) {
        io.error(`Not copied, its bytes in ${fromKind} do not match their SHA-256: ${key}`);
      }
      io.out(`Done, ${summary(result)}.`);
      return result.missing.length + result.corrupt.length > 0 ? 1 : 0;
    } finally {
      for (const store of opened) store.close();
    }
  },
};

export const storageCommands: CliCommand[] = [storageMigrate];
