import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type FormAnswers,
  type FormSubmissionPage,
  type FormSubmissionSummary,
  type PublicFormReceipt,
  type PublicSubmitFormRequest,
  type SubmitFormRequest,
} from '@kuvert/shared/forms';
import { newId } from '../../db/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/app-error.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import type { SendableDocument } from '../../plugins/send-document.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { decodeCursor, encodeCursor } from '../letters/letter-cursor.ts';
import { fullName, getUserById, userLanguage } from '../users/users.service.ts';
import {
  loadFormVersion,
  loadOpenForm,
  loadVersionFor,
  type FormWithProviderRow,
} from '../forms/form-access.service.ts';
import { checkSubmission, fileIssue } from './form-answer-checks.ts';
import { attachFiles, type FileOwner } from './form-files.repository.ts';
import { newSubmissionReference } from './form-reference.ts';
import { FORM_DELIVERY_JOB, FORM_DELIVERY_MAX_ATTEMPTS } from './form-submission-job-types.ts';
import { insertSubmission } from './form-submissions.repository.ts';
import { findDraftToSubmit, removeSubmittedDraft } from '../forms/form-draft-handover.service.ts';
import {
  findSubmission,
  findSubmissionForUser,
  findSubmissionOfDraft,
  findSubmissionPage,
  type SubmissionRow,
} from './submission-details.ts';
import { openReceipt } from './form-receipt-download.ts';
import { issueReceiptKey } from './form-receipt-keys.ts';
import {
  publicReceiptPath,
  toPublicReceipt,
  toSubmissionSummary,
} from './form-submissions.presenter.ts';
import { hashUploadToken } from './form-upload-tokens.ts';
import {
  answersRefused,
  fillableVersion,
  type FilledVersion,
  type NamedFile,
} from './form-versions.ts';

/** Anonymous submissions one address, and one form from everyone, may make per hour. */
export const PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR = 10;
export const PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR = 300;
const HOUR = 3600;
/** A reference is 40 random bits: a second collision in a row is as good as impossible. */
const REFERENCE_ATTEMPTS = 5;

interface NewSubmission {
  form: FormWithProviderRow;
  version: FilledVersion;
  data: FormAnswers;
  files: NamedFile[];
  owner: FileOwner;
  accountId: string | null;
  userId: string | null;
  submitterName: string | null;
  submitterEmail: string | null;
  language: string;
  draftId: string | null;
  /** An anonymous visitor who gave an address: the PDF is mailed there. */
  mailReceipt: boolean;
}

/** A file another submission took between the check and the write. */
class FilesTakenError extends Error {
  readonly paths: string[];
  constructor(paths: string[]) {
    super('files taken');
    this.paths = paths;
  }
}

/**
 * In one transaction: the submission (status processing), its files attached, the draft it
 * was written in deleted, the delivery job queued. The unique index on draft_id makes parallel
 * submits of one draft a single submission: the others find it and answer with it.
 */
async function writeSubmission(app: FastifyInstance, input: NewSubmission): Promise<SubmissionRow> {
  const fileIds = [...new Set(input.files.map((file) => file.id))];
  for (let attempt = 1; attempt <= REFERENCE_ATTEMPTS; attempt += 1) {
    const now = app.clock.now();
    const id = newId(now.getTime());
    try {
      await app.db.transaction().execute(async (trx) => {
        await insertSubmission(trx, {
          id,
          form_id: input.form.id,
          form_version: input.version.version,
          provider_id: input.form.provider_id,
          account_id: input.accountId,
          submitted_by_user_id: input.userId,
          reference: newSubmissionReference(now, app.config.timeZone),
          data: JSON.stringify(input.data),
          submitter_name: input.submitterName,
          submitter_email: input.submitterEmail,
          status: 'processing',
          failure_reason: null,
          language: input.language,
          draft_id: input.draftId,
          created_at: now.toISOString(),
          delivered_at: null,
        });
        const attached = new Set(await attachFiles(trx, input.owner, id, fileIds));
        const taken = input.files.filter((file) => !attached.has(file.id));
        if (taken.length > 0) throw new FilesTakenError(taken.map((file) => file.path));
        if (input.draftId !== null && input.accountId !== null) {
          await removeSubmittedDraft(trx, input.draftId, input.accountId);
        }
        await app.jobs.enqueue(trx, {
          type: FORM_DELIVERY_JOB,
          // Decided now: only an anonymous visitor's address gets the receipt by mail.
          payload: { submission_id: id, mail_receipt: input.mailReceipt },
          maxAttempts: FORM_DELIVERY_MAX_ATTEMPTS,
        });
      });
    } catch (error) {
      if (error instanceof FilesTakenError) {
        throw answersRefused(
          error.paths.map((path) =>
            fileIssue(path, 'This file went with another submission meanwhile; attach it again.'),
          ),
        );
      }
      if (!isUniqueViolation(error)) throw error;
      if (input.draftId !== null) {
        const earlier = await findSubmissionOfDraft(app.db, input.draftId);
        if (earlier) return earlier;
      }
      // Else the reference was taken: draw another.
      continue;
    }
    const written = await findSubmission(app.db, id);
    if (!written) throw new Error(`submission ${id} vanished after its commit`);
    return written;
  }
  throw new Error('no free submission reference after several attempts');
}

/**
 * POST /api/forms/{formId}/submissions. A submit of a draft that was already submitted (two
 * tabs, a retried request, 20 at once) answers with the submission it became; a draft that is
 * gone otherwise is 404.
 */
export async function submitForm(
  app: FastifyInstance,
  userId: string,
  formId: string,
  body: SubmitFormRequest,
): Promise<FormSubmissionSummary> {
  const accountId = body.account_id;
  await assertAccountAction(app.db, userId, accountId, 'fill-in-forms');
  const form = await loadOpenForm(app, formId, 'account');
  const draftId = body.draft_id ?? null;
  if (draftId !== null) {
    const draft = await findDraftToSubmit(app.db, draftId, accountId);
    if (!draft || draft.form_id !== formId) {
      const earlier = await findSubmissionOfDraft(app.db, draftId);
      if (earlier?.account_id === accountId && earlier.form_id === formId) {
        return toSubmissionSummary(earlier);
      }
      throw new AppError('NOT_FOUND', { message: 'The draft is not there any more.' });
    }
  }
  const version = fillableVersion(await loadFormVersion(app, form, body.form_version));
  const owner: FileOwner = { kind: 'account', formId, accountId };
  const files = await checkSubmission(app, version, body.data, owner);
  const user = await getUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const submission = await writeSubmission(app, {
    form,
    version,
    data: body.data,
    files,
    owner,
    accountId,
    userId,
    submitterName: fullName(user),
    submitterEmail: user.email,
    language: userLanguage(user),
    draftId,
    mailReceipt: false,
  });
  await publishLiveEvent(app, { type: 'forms.changed', account_id: accountId });
  return toSubmissionSummary(submission);
}

/**
 * POST /api/public/forms/{formId}/submissions: anyone, for a public form. Counted per address
 * and per form before anything is read or checked (reserve, then verify), so parallel requests
 * get no further than serial ones; a refused attempt keeps its count (the page checks answers
 * by the same rules before it sends, so a person rarely meets a refusal, and an attacker
 * paying nothing for one could make the server check answers without end).
 */
export async function submitPublicForm(
  app: FastifyInstance,
  formId: string,
  body: PublicSubmitFormRequest,
  request: FastifyRequest,
): Promise<PublicFormReceipt> {
  await reserveRateLimitHits(app, [
    {
      key: addressKey('form_submit', requestOrigin(request).ipAddress),
      max: PUBLIC_SUBMISSIONS_PER_ADDRESS_PER_HOUR,
      windowSeconds: HOUR,
    },
    {
      key: `form_submit:form:${formId}`,
      max: PUBLIC_SUBMISSIONS_PER_FORM_PER_HOUR,
      windowSeconds: HOUR,
    },
  ]);
  const form = await loadOpenForm(app, formId, 'public');
  const version = fillableVersion(await loadVersionFor(app, form, 'public', body.form_version));
  // Without a token no file can match: no file is stored under the hash of nothing.
  const owner: FileOwner = {
    kind: 'token',
    formId,
    tokenHash: body.token ? hashUploadToken(body.token) : '',
  };
  const files = await checkSubmission(app, version, body.data, owner);
  const submission = await writeSubmission(app, {
    form,
    version,
    data: body.data,
    files,
    owner,
    accountId: null,
    userId: null,
    submitterName: null,
    submitterEmail: body.receipt_email ?? null,
    language: body.language ?? 'en',
    draftId: null,
    mailReceipt: body.receipt_email !== undefined,
  });
  const key = issueReceiptKey(app, submission.id);
  return toPublicReceipt(submission, publicReceiptPath(submission.id, key));
}

/** GET /api/form-submissions: the account's submissions, newest first (keyset). */
export async function listSubmissions(
  app: FastifyInstance,
  userId: string,
  query: { account_id: string; cursor?: string | undefined; limit: number },
): Promise<FormSubmissionPage> {
  await assertAccountAction(app.db, userId, query.account_id, 'read');
  const rows = await findSubmissionPage(
    app.db,
    query.account_id,
    decodeCursor(query.cursor),
    query.limit,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toSubmissionSummary),
    next_cursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
}

/** GET /api/form-submissions/{id}/receipt: the PDF, once made; 409 while it is being made. */
export async function openSubmissionReceipt(
  app: FastifyInstance,
  userId: string,
  submissionId: string,
): Promise<SendableDocument> {
  const submission = await findSubmissionForUser(app.db, userId, submissionId);
  if (!submission) throw new AppError('NOT_FOUND');
  return openReceipt(app, submission);
}
