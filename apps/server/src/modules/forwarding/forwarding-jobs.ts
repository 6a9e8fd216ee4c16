import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FORWARDING_MAX_ATTACHMENT_BYTES } from '@kuvert/shared/forwarding';
import { PermanentJobError } from '../../plugins/jobs.ts';
import {
  forwardedLetterMail,
  type ForwardedLetterShape,
} from '../../plugins/mail-templates-forwarding.ts';
import { findMemberUserIds } from '../accounts/account-members.service.ts';
import { formatDueDate } from '../invoices/invoice-mail.ts';
import { dayIn } from '../invoices/invoice-status.ts';
import { LETTER_ARRIVED_JOB } from '../letters/letter-arrival-jobs.ts';
import { findLetterToForward, type LetterToForward } from '../letters/letter-forwarding.service.ts';
import { getProvider } from '../providers/providers.service.ts';
import { getUserById, userLanguage } from '../users/users.service.ts';
import {
  findSettingsRowsOf,
  isProviderChosen,
  recordForwarded,
  wasForwarded,
} from './forwarding.repository.ts';

const payloadSchema = z.object({ letter_id: z.string() });
/** A letter found days late (a stalled queue, the demo's backdated history) is not sent on. */
const FORWARD_MAX_AGE_SECONDS = 24 * 3600;

/**
 * Mails a new letter on to each member of its mailbox who has forwarding on for its sender.
 * Each person gets it once: each mail sent is recorded at once, and a retried job (after one
 * address failed) skips whom it reached already.
 */
async function forwardArrivedLetter(app: FastifyInstance, payload: unknown): Promise<void> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError('Malformed job payload');
  const letter = await findLetterToForward(app.db, parsed.data.letter_id);
  if (!letter || letter.trashed) return;
  const ageSeconds = (app.clock.now().getTime() - Date.parse(letter.createdAt)) / 1000;
  if (ageSeconds > FORWARD_MAX_AGE_SECONDS) return;
  // Members now (an ended membership reads nothing), and of them those with forwarding on.
  const members = await findMemberUserIds(app.db, letter.accountId);
  const settings = await findSettingsRowsOf(app.db, members);
  if (settings.length === 0) return;
  const provider =
    letter.providerId === null ? undefined : await getProvider(app, letter.providerId);
  const senderName = provider?.name ?? letter.senderName ?? 'Kuvert';
  let shape: ForwardedLetterShape | undefined;
  // One address the mail server refuses does not hold up the others; the job fails after
  // them, and its next run sends only what is still missing.
  let failure: unknown;
  for (const setting of settings) {
    if (setting.scope === 'chosen') {
      if (letter.providerId === null) continue;
      if (!(await isProviderChosen(app.db, setting.user_id, letter.providerId))) continue;
    }
    if (await wasForwarded(app.db, letter.id, setting.user_id)) continue;
    const user = await getUserById(app.db, setting.user_id);
    if (!user || user.disabled_at !== null || user.email_verified_at === null) continue;
    shape ??= await shapeOf(app, letter);
    const language = userLanguage(user);
    try {
      await app.mailer.send(
        forwardedLetterMail({
          to: user.email,
          language,
          firstName: user.first_name,
          senderName,
          subject: letter.subject,
          arrivedOn: formatDueDate(
            dayIn(new Date(letter.createdAt), app.config.timeZone),
            language,
          ),
          link: `${app.config.publicUrl}/inbox/${encodeURIComponent(letter.id)}`,
          shape,
        }),
      );
    } catch (error) {
      failure ??= error;
      continue;
    }
    await recordForwarded(app.db, {
      letter_id: letter.id,
      user_id: setting.user_id,
      outcome: shape.kind === 'too-big' ? 'link' : shape.kind,
      sent_at: app.clock.now().toISOString(),
    });
  }
  if (failure !== undefined) throw failure;
}

/** What goes along: the PDFs, or a link when they are too big or wait for a signature. */
async function shapeOf(
  app: FastifyInstance,
  letter: LetterToForward,
): Promise<ForwardedLetterShape> {
  if (letter.signatureRequestId !== null || letter.kind === 'signature_request') {
    return { kind: 'signature' };
  }
  const total = letter.documents.reduce((sum, document) => sum + document.size, 0);
  if (total > FORWARDING_MAX_ATTACHMENT_BYTES) {
    return { kind: 'too-big', limitMegabytes: FORWARDING_MAX_ATTACHMENT_BYTES / (1024 * 1024) };
  }
  const attachments = [];
  for (const document of letter.documents) {
    attachments.push({
      filename: document.filename,
      contentType: document.contentType,
      content: await app.documents.read(document.storageKey),
    });
  }
  return { kind: 'attached', attachments };
}

export function registerForwardingJobs(app: FastifyInstance): void {
  app.jobs.register(LETTER_ARRIVED_JOB, (payload) => forwardArrivedLetter(app, payload));
}
