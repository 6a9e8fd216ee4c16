import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  PersonalDataAccount,
  PersonalDataContributor,
} from '../../personal-data/personal-data-contributors.ts';

/*
 * The letters' part of "Download my data": every letter of every mailbox the person may see,
 * in and out, each in a folder with `letter.json` and its documents; sent letters with the PDF
 * printed for each postal recipient; one `invoices.json` per mailbox. Letters are read in pages,
 * so a mailbox of any size takes the same memory.
 */

const PAGE = 200;

/** A folder name of a mailbox, readable and unique: `Anna Berg (01J…)`. */
export function mailboxFolder(account: PersonalDataAccount): string {
  return `${account.name} (${account.id})`;
}

function letterFolder(letter: { created_at: string; subject: string; id: string }): string {
  const subject = letter.subject.replace(/\s+/g, ' ').trim().slice(0, 60);
  return `${letter.created_at.slice(0, 10)} ${subject} (${letter.id})`;
}

async function letterPage(
  db: Kysely<Database>,
  accountId: string,
  after: { created_at: string; id: string } | undefined,
) {
  let query = db
    .selectFrom('letters')
    .select([
      'id',
      'direction',
      'kind',
      'subject',
      'body',
      'provider_id',
      'external_id',
      'recipient_email',
      'in_reply_to',
      'delivery_status',
      'delivery_failure_reason',
      'read_at',
      'read_by_user_id',
      'folder_id',
      'trashed_at',
      'created_by_user_id',
      'sender_name',
      'sender_email',
      'invoice_amount',
      'invoice_currency',
      'invoice_due_date',
      'invoice_iban',
      'invoice_bic',
      'invoice_reference',
      'invoice_status',
      'invoice_paid_at',
      'invoice_paid_via',
      'invoice_cancelled_at',
      'signature_due_date',
      'signature_request_id',
      'form_id',
      'created_at',
    ])
    .where('account_id', '=', accountId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at').orderBy('id').limit(PAGE).execute();
}

async function documentsOf(db: Kysely<Database>, letterIds: readonly string[]) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letter_documents')
    .select([
      'letter_id',
      'position',
      'filename',
      'content_type',
      'size',
      'storage_key',
      'page_count',
      'role',
      'text_status',
      'created_at',
    ])
    .where('letter_id', 'in', letterIds)
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}

async function recipientsOf(db: Kysely<Database>, letterIds: readonly string[]) {
  if (letterIds.length === 0) return [];
  return db
    .selectFrom('letter_recipients')
    .select([
      'letter_id',
      'position',
      'channel',
      'name',
      'organisation',
      'email',
      'street',
      'postcode',
      'city',
      'country',
      'print_language',
      'status',
      'failure_reason',
      'print_storage_key',
      'print_page_count',
      'delivered_at',
      'printed_at',
      'sent_at',
      'failed_at',
    ])
    .where('letter_id', 'in', letterIds)
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
}

function group<Row extends { letter_id: string }>(rows: Row[]): Map<string, Row[]> {
  const byLetter = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byLetter.get(row.letter_id) ?? [];
    list.push(row);
    byLetter.set(row.letter_id, list);
  }
  return byLetter;
}

/** The signature requests of the letters in these mailboxes (for the signatures' part). */
export async function findSignatureRequestIdsInAccounts(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom('letters')
    .select('signature_request_id')
    .distinct()
    .where('account_id', 'in', accountIds)
    .where('signature_request_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.signature_request_id ? [row.signature_request_id] : []));
}

export const letterExport: PersonalDataContributor = {
  name: 'letters',
  async contribute(app, scope, out) {
    for (const account of scope.accounts) {
      const mailbox = mailboxFolder(account);
      const invoices: unknown[] = [];
      let after: { created_at: string; id: string } | undefined;
      for (;;) {
        const letters = await letterPage(app.db, account.id, after);
        if (letters.length === 0) break;
        const ids = letters.map((letter) => letter.id);
        const documents = group(await documentsOf(app.db, ids));
        const recipients = group(await recipientsOf(app.db, ids));
        for (const letter of letters) {
          const isSent = letter.direction === 'outbound';
          const folder = `${mailbox}/${isSent ? 'sent' : 'inbox'}/${letterFolder(letter)}`;
          const files = (documents.get(letter.id) ?? []).map(
            ({ storage_key: _key, letter_id: _letter, ...document }) => ({
              ...document,
              file: `document-${document.position + 1}-${document.filename}`,
            }),
          );
          const sentTo = (recipients.get(letter.id) ?? []).map(
            ({ print_storage_key: printKey, letter_id: _letter, ...recipient }) => ({
              ...recipient,
              print_file: printKey ? `print-${recipient.position + 1}.pdf` : null,
            }),
          );
          await out.json(`${folder}/letter.json`, {
            ...letter,
            mailbox: { id: account.id, name: account.name },
            documents: files,
            ...(isSent ? { recipients: sentTo } : {}),
          });
          out.count(isSent ? 'outbox_letters' : 'letters');
          for (const document of documents.get(letter.id) ?? []) {
            await out.document(`${folder}/document-${document.position + 1}-${document.filename}`, {
              key: document.storage_key,
              size: Number(document.size),
            });
            out.count('documents');
          }
          for (const recipient of recipients.get(letter.id) ?? []) {
            if (!recipient.print_storage_key) continue;
            if (!(await app.documents.exists(recipient.print_storage_key))) continue;
            // No row keeps a print PDF's size: it is counted by reading it once, in chunks.
            let size = 0;
            for await (const chunk of await app.documents.open(recipient.print_storage_key)) {
              const bytes: Uint8Array = chunk;
              size += bytes.length;
            }
            await out.document(`${folder}/print-${recipient.position + 1}.pdf`, {
              key: recipient.print_storage_key,
              size,
            });
            out.count('print_pdfs');
          }
          if (letter.invoice_amount !== null) {
            invoices.push({
              letter_id: letter.id,
              subject: letter.subject,
              folder,
              amount: letter.invoice_amount,
              currency: letter.invoice_currency,
              due_date: letter.invoice_due_date,
              iban: letter.invoice_iban,
              bic: letter.invoice_bic,
              reference: letter.invoice_reference,
              status: letter.invoice_status,
              paid_at: letter.invoice_paid_at,
              paid_via: letter.invoice_paid_via,
              cancelled_at: letter.invoice_cancelled_at,
            });
            out.count('invoices');
          }
        }
        const last = letters.at(-1);
        after = last ? { created_at: last.created_at, id: last.id } : undefined;
        if (letters.length < PAGE) break;
      }
      if (invoices.length > 0) await out.json(`${mailbox}/invoices.json`, invoices);
    }
  },
};
