import type { Selectable } from 'kysely';
import type { MailMerge, MailMergeRow } from '@kuvert/shared/mail-merge';
import type { MailMergeRowsTable, MailMergesTable } from '../../db/schema.ts';
import type { DeliveryCounts, LetterDelivery } from '../outbox/letter-deliveries.service.ts';

const noDeliveries: DeliveryCounts = { queued: 0, delivered: 0, printed: 0, sent: 0, failed: 0 };

export function toMailMerge(
  row: Selectable<MailMergesTable>,
  deliveries: DeliveryCounts = noDeliveries,
): MailMerge {
  return {
    id: row.id,
    account_id: row.account_id,
    status: row.status,
    subject: row.subject,
    total_rows: Number(row.total_rows),
    processed_rows: Number(row.processed_rows),
    sent_rows: Number(row.sent_rows),
    failed_rows: Number(row.failed_rows),
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    finished_at: row.finished_at,
    deliveries,
  };
}

export function toMailMergeRow(
  row: Selectable<MailMergeRowsTable>,
  delivery: LetterDelivery | undefined,
): MailMergeRow {
  return {
    row: Number(row.row_number),
    status: row.status,
    channel: row.channel,
    recipient_name: row.recipient_name,
    letter_id: row.letter_id,
    failure_reason: row.failure_reason,
    delivery_status: delivery?.status ?? null,
    delivery_failure_reason: delivery?.failureReason ?? null,
  };
}
