import type { FastifyInstance } from 'fastify';
import { renderLetterPdf } from '../../lib/letter-pdf.ts';
import { markInvoicePaid } from '../invoices/invoice-actions.service.ts';
import { deliverLetter, type ParsedLetterMetadata } from '../letters/letter-delivery.service.ts';
import { markLetterRead } from '../letters/letters.service.ts';
import { generateLogoSvg } from '../providers/provider-logo.ts';
import { createProvider } from '../providers/providers.service.ts';
import { publishForm } from '../sender-api/sender-forms.service.ts';
import { deliverSignatureRequest } from '../signatures/signature-delivery.service.ts';
import { demoForms, type DemoForm } from './demo-forms.ts';
import { DEMO_TIME_ZONE } from './demo-calendar.ts';
import {
  buildDemoLetters,
  demoProviders,
  type DemoLetter,
  type DemoProvider,
} from './demo-letters.ts';

/** What the demo's own actions (an invoice marked paid) show in the security log. */
const DEMO_ORIGIN = { ipAddress: '127.0.0.1', userAgent: 'Kuvert demo set-up' };
const MAX_PDF_BYTES = 5 * 1024 * 1024;

async function deliverDemoLetter(
  app: FastifyInstance,
  provider: DemoProvider & { id: string },
  letter: DemoLetter,
  recipient: { email: string; name: string; userId: string },
  forms: ReadonlyMap<DemoForm['key'], string>,
): Promise<string> {
  const formId = letter.form === undefined ? undefined : forms.get(letter.form);
  const pdf = await renderLetterPdf({
    sender: { name: provider.name, addressLines: provider.addressLines },
    recipient: { name: recipient.name, addressLines: ['Bergstraße 7', '79379 Müllheim'] },
    // Dated the day the letter arrives, which its text is written for.
    date: letter.deliveredAt,
    subject: letter.subject,
    paragraphs: letter.paragraphs,
    ...(letter.table ? { table: letter.table } : {}),
    closingParagraphs: letter.closing,
    footer: provider.footer,
    language: provider.language,
    timeZone: DEMO_TIME_ZONE,
  });
  const stored = await app.documents.put(Buffer.from(pdf), { maxBytes: MAX_PDF_BYTES });
  const invoice = letter.invoice;
  const metadata: ParsedLetterMetadata = {
    recipient: { email: recipient.email },
    subject: letter.subject,
    body: letter.body,
    kind: invoice ? 'invoice' : letter.signatureDueDate ? 'signature_request' : 'letter',
    ...(invoice
      ? {
          invoice: {
            amount: invoice.amount,
            currency: invoice.currency,
            due_date: invoice.dueDate,
            iban: invoice.iban,
            reference: invoice.reference,
          },
        }
      : {}),
    ...(letter.signatureDueDate ? { signature: { due_date: letter.signatureDueDate } } : {}),
    ...(formId === undefined ? {} : { form_id: formId }),
  };
  const deliver = metadata.kind === 'signature_request' ? deliverSignatureRequest : deliverLetter;
  const delivered = await deliver(
    app,
    provider,
    metadata,
    [
      {
        key: stored.key,
        size: stored.size,
        filename: letter.filename,
        contentType: 'application/pdf',
        pageCount: null,
      },
    ],
    { deliveredAt: letter.deliveredAt },
  );
  if (letter.isRead) await markLetterRead(app, recipient.userId, delivered.id);
  if (invoice?.paidOn !== undefined) {
    const paid = { paid_on: invoice.paidOn };
    await markInvoicePaid(app, recipient.userId, delivered.id, paid, DEMO_ORIGIN);
  }
  return delivered.id;
}

/** A demo letter as delivered, with its id. */
export interface DeliveredDemoLetter {
  letter: DemoLetter;
  id: string;
}

/**
 * The demo providers publish a few forms and deliver a realistic mailbox, written for today,
 * through publishForm and deliverLetter, the Sender API's own paths. Text extraction runs before this returns, so search finds words
 * inside the PDFs from the first page view.
 */
export async function seedDemoMailbox(
  app: FastifyInstance,
  recipient: { email: string; name: string; userId: string },
): Promise<DeliveredDemoLetter[]> {
  const providers = new Map<string, DemoProvider & { id: string }>();
  for (const provider of demoProviders) {
    const created = await createProvider(app, {
      name: provider.name,
      category: provider.category,
      logo: generateLogoSvg(provider.name),
    });
    providers.set(provider.name, { ...provider, id: created.provider.id });
  }
  const forms = new Map<DemoForm['key'], string>();
  for (const form of demoForms) {
    const provider = providers.get(form.provider);
    if (provider)
      forms.set(form.key, (await publishForm(app, provider.id, form.input, undefined)).id);
  }
  const delivered: DeliveredDemoLetter[] = [];
  for (const letter of buildDemoLetters(app.clock.now())) {
    const provider = providers.get(letter.provider);
    if (!provider) continue;
    delivered.push({
      letter,
      id: await deliverDemoLetter(app, provider, letter, recipient, forms),
    });
  }
  await app.jobs.runDueJobs();
  return delivered;
}
