import type { FastifyInstance } from 'fastify';
import { addSeconds } from '../../clock.ts';
import { renderLetterPdf } from '../../lib/letter-pdf.ts';
import { markInvoicePaid } from '../invoices/invoice-actions.service.ts';
import { deliverLetter } from '../letters/letter-delivery.service.ts';
import { markLetterRead } from '../letters/letters.service.ts';
import { generateLogoSvg } from '../providers/provider-logo.ts';
import { createProvider } from '../providers/providers.service.ts';
import { demoLetters, demoProviders, type DemoLetter, type DemoProvider } from './demo-letters.ts';

const DAY_SECONDS = 24 * 3600;
/** What the demo's own actions (an invoice marked paid) show in the security log. */
const DEMO_ORIGIN = { ipAddress: '127.0.0.1', userAgent: 'Kuvert demo set-up' };
const MAX_PDF_BYTES = 5 * 1024 * 1024;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function deliverDemoLetter(
  app: FastifyInstance,
  provider: DemoProvider & { id: string },
  letter: DemoLetter,
  recipient: { email: string; name: string; userId: string },
): Promise<void> {
  const now = app.clock.now();
  // Mid-morning on the day, so the dates look like real deliveries.
  const deliveredAt = addSeconds(now, -letter.daysAgo * DAY_SECONDS - 3600);
  const pdf = await renderLetterPdf({
    sender: { name: provider.name, addressLines: provider.addressLines },
    recipient: { name: recipient.name, addressLines: ['Bergstraße 7', '79379 Müllheim'] },
    date: deliveredAt,
    subject: letter.subject,
    paragraphs: letter.paragraphs,
    ...(letter.table ? { table: letter.table } : {}),
    closingParagraphs: letter.closing,
    footer: provider.footer,
    language: provider.language,
    timeZone: 'Europe/Berlin',
  });
  const stored = await app.documents.put(Buffer.from(pdf), { maxBytes: MAX_PDF_BYTES });
  const invoice = letter.invoice;
  const delivered = await deliverLetter(
    app,
    provider,
    {
      recipient: { email: recipient.email },
      subject: letter.subject,
      body: letter.body,
      kind: invoice ? 'invoice' : letter.signatureDueInDays ? 'signature_request' : 'letter',
      ...(invoice
        ? {
            invoice: {
              amount: invoice.amount,
              currency: invoice.currency,
              due_date: isoDate(addSeconds(now, invoice.dueInDays * DAY_SECONDS)),
              iban: invoice.iban,
              reference: invoice.reference,
            },
          }
        : {}),
      ...(letter.signatureDueInDays
        ? {
            signature: {
              due_date: isoDate(addSeconds(now, letter.signatureDueInDays * DAY_SECONDS)),
            },
          }
        : {}),
    },
    [
      {
        key: stored.key,
        size: stored.size,
        filename: letter.filename,
        contentType: 'application/pdf',
      },
    ],
    { deliveredAt },
  );
  if (letter.isRead) await markLetterRead(app, recipient.userId, delivered.id);
  if (invoice?.paidDaysAgo !== undefined) {
    const paidOn = isoDate(addSeconds(now, -invoice.paidDaysAgo * DAY_SECONDS));
    await markInvoicePaid(app, recipient.userId, delivered.id, { paid_on: paidOn }, DEMO_ORIGIN);
  }
}

/**
 * The demo providers deliver a realistic mailbox through deliverLetter, the Sender API's
 * own path. Text extraction runs before this returns, so search finds words inside the PDFs
 * from the first page view.
 */
export async function seedDemoMailbox(
  app: FastifyInstance,
  recipient: { email: string; name: string; userId: string },
): Promise<void> {
  const providers = new Map<string, DemoProvider & { id: string }>();
  for (const provider of demoProviders) {
    const created = await createProvider(app, {
      name: provider.name,
      category: provider.category,
      logo: generateLogoSvg(provider.name),
    });
    providers.set(provider.name, { ...provider, id: created.provider.id });
  }
  for (const letter of demoLetters) {
    const provider = providers.get(letter.provider);
    if (provider) await deliverDemoLetter(app, provider, letter, recipient);
  }
  await app.jobs.runDueJobs();
}
