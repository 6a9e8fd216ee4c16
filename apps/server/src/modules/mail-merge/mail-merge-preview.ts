import type { FastifyInstance } from 'fastify';
import {
  MAIL_MERGE_PREVIEW_ROWS,
  type MailMergePreview,
  type MailMergePreviewDelivery,
  type MailMergeRowProblem,
} from '@kuvert/shared/mail-merge';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { loadSender } from '../outbox/outbound-letters.service.ts';
import { findCsvUpload, readMergeCsv } from './mail-merge-csv.ts';
import { emailOfRow, problem, resolveRow, type MergeContext } from './mail-merge-rows.ts';
import {
  assertColumnsExist,
  mergeContext,
  parseSource,
  sourceDocument,
  unmappedPlaceholders,
  type MailMergeDefinition,
} from './mail-merge.service.ts';

type PreviewRow = MailMergePreview['rows'][number];

/**
 * One row as the preview shows it. Nobody is looked up: the row is read as if no address had
 * a Kuvert account, and a row with an e-mail address says it goes digitally if that address
 * has one. So the preview of an address with an account and of one without are the same, and
 * the preview cannot be used to learn who is on Kuvert.
 */
export function previewRow(row: number, cells: readonly string[], context: MergeContext) {
  const resolved = resolveRow(row, cells, { ...context, kuvertUsers: new Map() });
  const email = emailOfRow(cells, context.mapping);
  const problems: MailMergeRowProblem[] = resolved.problems.map((entry) =>
    entry.i18n === 'mailMerge.problems.emailUnknown'
      ? problem('needsPostal', 'email', context.language, { email })
      : entry,
  );
  const byPost = resolved.recipient?.channel === 'postal';
  const contentFails = problems.some((entry) => ['name', 'subject', 'body'].includes(entry.path));
  let delivery: MailMergePreviewDelivery | null = null;
  if (email === '') delivery = byPost ? 'postal' : null;
  else if (byPost) delivery = 'kuvert_or_postal';
  else if (!contentFails) delivery = 'kuvert_only';
  return {
    row: resolved.row,
    delivery,
    recipient_name: resolved.name,
    address_lines: resolved.addressLines,
    subject: resolved.subject,
    body: resolved.body,
    problems,
  } satisfies PreviewRow;
}

/**
 * Every row counted by how it will go, in the preview's words: like the rows, the counts are
 * the same whoever has a Kuvert account. A row that cannot be sent (null) is skipped; a
 * `kuvert_only` row fails unless its address has an account, which nobody can say before.
 */
export function countDeliveries(rows: readonly PreviewRow[]): MailMergePreview['counts'] {
  const counts = { rows: rows.length, postal: 0, kuvert_or_postal: 0, kuvert_only: 0, problems: 0 };
  for (const row of rows) {
    if (row.delivery === null) counts.problems += 1;
    else counts[row.delivery] += 1;
  }
  return counts;
}

/** POST /api/mail-merges/preview: the first rows rendered, with how each will go. */
export async function previewMailMerge(
  app: FastifyInstance,
  userId: string,
  definition: MailMergeDefinition,
): Promise<MailMergePreview> {
  await assertAccountAction(app.db, userId, definition.account_id, 'send');
  const parts = parseSource(definition.source);
  await sourceDocument(app, definition);
  const upload = await findCsvUpload(app, definition.account_id, definition.csv.upload_id);
  const { header, rows } = await readMergeCsv(app, upload.storage_key, definition.csv, 'request', {
    fairnessKey: `account:${definition.account_id}`,
  });
  assertColumnsExist(definition.mapping, header.length);
  const sender = await loadSender(app, userId, definition.account_id);
  const context = mergeContext(definition, parts, new Map(), sender);
  const previewed = rows.map((cells, index) => previewRow(index + 1, cells, context));
  return {
    placeholders: parts.placeholders,
    unmapped_placeholders: unmappedPlaceholders(
      parts.placeholders,
      definition.mapping,
      header.length,
    ),
    rows: previewed.slice(0, MAIL_MERGE_PREVIEW_ROWS),
    counts: countDeliveries(previewed),
  };
}
