import type { Language } from '@kuvert/shared/auth';
import { localeOf } from '../../lib/locale.ts';
import type { BankPaymentStatus, BankPaymentView } from './sandbox-bank.service.ts';

/**
 * The sandbox bank's pages: plain server-rendered HTML with one stylesheet and no script, so
 * they work under the portal's CSP and without the web app. Every value is escaped.
 */

/** The pages' words in every language (exported for the test that none is left in English). */
export const sandboxBankTexts = {
  en: {
    bank: 'Sandbox Bank',
    testMode: 'Test mode — no money moves.',
    testModeDetail:
      'Kuvert plays this bank so that payments can be tried out. Nothing you do here reaches a real account.',
    title: 'Approve a payment',
    intro: 'Kuvert asks you to approve this payment from your account.',
    to: 'To',
    iban: 'IBAN',
    amount: 'Amount',
    reference: 'Reference',
    expiresIn: (minutes: number) =>
      minutes === 1
        ? 'This request expires in 1 minute.'
        : `This request expires in ${minutes} minutes.`,
    approve: 'Approve payment',
    decline: 'Decline payment',
    abandon: 'Cancel and return to Kuvert',
    returnToKuvert: 'Return to Kuvert',
    notFoundTitle: 'Payment not found',
    notFound: 'This payment request does not exist. Please start the payment again in Kuvert.',
    closedTitle: 'This payment request is closed',
    closed: {
      approved: 'You already approved this payment.',
      declined: 'You already declined this payment.',
      abandoned: 'You already cancelled this payment.',
      expired: 'This payment request has expired. Please start the payment again in Kuvert.',
    },
    footer: 'Sandbox Bank is part of Kuvert’s built-in test mode.',
  },
  de: {
    bank: 'Sandbox Bank',
    testMode: 'Testmodus — es wird kein Geld bewegt.',
    testModeDetail:
      'Kuvert spielt diese Bank, damit Zahlungen ausprobiert werden können. Nichts, was Sie hier tun, erreicht ein echtes Konto.',
    title: 'Zahlung freigeben',
    intro: 'Kuvert bittet Sie, diese Zahlung von Ihrem Konto freizugeben.',
    to: 'An',
    iban: 'IBAN',
    amount: 'Betrag',
    reference: 'Verwendungszweck',
    expiresIn: (minutes: number) =>
      minutes === 1
        ? 'Diese Anfrage läuft in 1 Minute ab.'
        : `Diese Anfrage läuft in ${minutes} Minuten ab.`,
    approve: 'Zahlung freigeben',
    decline: 'Zahlung ablehnen',
    abandon: 'Abbrechen und zu Kuvert zurückkehren',
    returnToKuvert: 'Zurück zu Kuvert',
    notFoundTitle: 'Zahlung nicht gefunden',
    notFound:
      'Diese Zahlungsanfrage gibt es nicht. Bitte starten Sie die Zahlung in Kuvert noch einmal.',
    closedTitle: 'Diese Zahlungsanfrage ist abgeschlossen',
    closed: {
      approved: 'Sie haben diese Zahlung bereits freigegeben.',
      declined: 'Sie haben diese Zahlung bereits abgelehnt.',
      abandoned: 'Sie haben diese Zahlung bereits abgebrochen.',
      expired:
        'Diese Zahlungsanfrage ist abgelaufen. Bitte starten Sie die Zahlung in Kuvert noch einmal.',
    },
    footer: 'Die Sandbox Bank ist Teil des eingebauten Testmodus von Kuvert.',
  },
  sv: {
    bank: 'Sandbox Bank',
    testMode: 'Testläge – inga pengar flyttas.',
    testModeDetail:
      'Kuvert spelar den här banken så att betalningar kan provas. Inget du gör här når ett riktigt konto.',
    title: 'Godkänn en betalning',
    intro: 'Kuvert ber dig godkänna den här betalningen från ditt konto.',
    to: 'Till',
    iban: 'IBAN',
    amount: 'Belopp',
    reference: 'Meddelande',
    expiresIn: (minutes: number) =>
      minutes === 1
        ? 'Den här begäran går ut om 1 minut.'
        : `Den här begäran går ut om ${minutes} minuter.`,
    approve: 'Godkänn betalningen',
    decline: 'Avvisa betalningen',
    abandon: 'Avbryt och gå tillbaka till Kuvert',
    returnToKuvert: 'Tillbaka till Kuvert',
    notFoundTitle: 'Betalningen hittades inte',
    notFound: 'Den här betalningsbegäran finns inte. Starta betalningen igen i Kuvert.',
    closedTitle: 'Den här betalningsbegäran är avslutad',
    closed: {
      approved: 'Du har redan godkänt den här betalningen.',
      declined: 'Du har redan avvisat den här betalningen.',
      abandoned: 'Du har redan avbrutit den här betalningen.',
      expired: 'Den här betalningsbegäran har gått ut. Starta betalningen igen i Kuvert.',
    },
    footer: 'Sandbox Bank är en del av Kuverts inbyggda testläge.',
  },
  da: {
    bank: 'Sandbox Bank',
    testMode: 'Testtilstand – ingen penge flyttes.',
    testModeDetail:
      'Kuvert spiller denne bank, så betalinger kan afprøves. Intet, du gør her, når en rigtig konto.',
    title: 'Godkend en betaling',
    intro: 'Kuvert beder dig godkende denne betaling fra din konto.',
    to: 'Til',
    iban: 'IBAN',
    amount: 'Beløb',
    reference: 'Tekst til modtager',
    expiresIn: (minutes: number) =>
      minutes === 1
        ? 'Denne anmodning udløber om 1 minut.'
        : `Denne anmodning udløber om ${minutes} minutter.`,
    approve: 'Godkend betalingen',
    decline: 'Afvis betalingen',
    abandon: 'Annuller og vend tilbage til Kuvert',
    returnToKuvert: 'Tilbage til Kuvert',
    notFoundTitle: 'Betalingen blev ikke fundet',
    notFound: 'Denne betalingsanmodning findes ikke. Start betalingen igen i Kuvert.',
    closedTitle: 'Denne betalingsanmodning er afsluttet',
    closed: {
      approved: 'Du har allerede godkendt denne betaling.',
      declined: 'Du har allerede afvist denne betaling.',
      abandoned: 'Du har allerede annulleret denne betaling.',
      expired: 'Denne betalingsanmodning er udløbet. Start betalingen igen i Kuvert.',
    },
    footer: 'Sandbox Bank er en del af Kuverts indbyggede testtilstand.',
  },
  nb: {
    bank: 'Sandbox Bank',
    testMode: 'Testmodus – ingen penger flyttes.',
    testModeDetail:
      'Kuvert spiller denne banken slik at betalinger kan prøves ut. Ingenting du gjør her, når en ekte konto.',
    title: 'Godkjenn en betaling',
    intro: 'Kuvert ber deg godkjenne denne betalingen fra kontoen din.',
    to: 'Til',
    iban: 'IBAN',
    amount: 'Beløp',
    reference: 'Melding',
    expiresIn: (minutes: number) =>
      minutes === 1
        ? 'Denne forespørselen utløper om 1 minutt.'
        : `Denne forespørselen utløper om ${minutes} minutter.`,
    approve: 'Godkjenn betalingen',
    decline: 'Avvis betalingen',
    abandon: 'Avbryt og gå tilbake til Kuvert',
    returnToKuvert: 'Tilbake til Kuvert',
    notFoundTitle: 'Fant ikke betalingen',
    notFound: 'Denne betalingsforespørselen finnes ikke. Start betalingen på nytt i Kuvert.',
    closedTitle: 'Denne betalingsforespørselen er avsluttet',
    closed: {
      approved: 'Du har allerede godkjent denne betalingen.',
      declined: 'Du har allerede avvist denne betalingen.',
      abandoned: 'Du har allerede avbrutt denne betalingen.',
      expired: 'Denne betalingsforespørselen har utløpt. Start betalingen på nytt i Kuvert.',
    },
    footer: 'Sandbox Bank er en del av Kuverts innebygde testmodus.',
  },
} satisfies Record<Language, unknown>;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

export function formatAmount(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** DE89 3704 0044 0532 0130 00: how banks print an IBAN. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

function layout(language: Language, title: string, content: string): string {
  const t = sandboxBankTexts[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} – ${t.bank}`)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sandbox-bank/bank.css">
</head>
<body>
<header class="bank-header">
<div class="bank-bar">
<h1 class="bank-brand"><span class="bank-logo" aria-hidden="true">SB</span>${t.bank}</h1>
</div>
<div class="test-banner">
<p><strong>${escapeHtml(t.testMode)}</strong> ${escapeHtml(t.testModeDetail)}</p>
</div>
</header>
<main class="bank-main">
${content}
</main>
<footer class="bank-footer">
<p>${escapeHtml(t.footer)}</p>
</footer>
</body>
</html>
`;
}

function detail(term: string, value: string, className = ''): string {
  const attribute = className ? ` class="${className}"` : '';
  return `<div${attribute}><dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd></div>`;
}

function minutesUntil(time: Date, now: Date): number {
  return Math.max(1, Math.ceil((time.getTime() - now.getTime()) / 60_000));
}

/** The consent screen: what is paid to whom, and the payer's three choices. */
export function renderConsentPage(payment: BankPaymentView, language: Language, now: Date): string {
  const t = sandboxBankTexts[language];
  const amount = formatAmount(payment.amount, payment.currency, localeOf(language));
  const action = `/sandbox-bank/payments/${encodeURIComponent(payment.id)}?lang=${language}`;
  return layout(
    language,
    t.title,
    `<section class="card" aria-labelledby="payment-title">
<h2 id="payment-title">${escapeHtml(t.title)}</h2>
<p class="intro">${escapeHtml(t.intro)}</p>
<p class="amount" aria-hidden="true">${escapeHtml(amount)}</p>
<dl class="details">
${detail(t.to, payment.creditorName)}
${detail(t.iban, formatIban(payment.iban), 'mono')}
${detail(t.amount, amount)}
${detail(t.reference, payment.reference)}
</dl>
<p class="hint">${escapeHtml(t.expiresIn(minutesUntil(payment.expiresAt, now)))}</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
<button type="submit" name="decision" value="approve" class="button button-primary">${escapeHtml(t.approve)}</button>
<button type="submit" name="decision" value="decline" class="button button-secondary">${escapeHtml(t.decline)}</button>
<button type="submit" name="decision" value="abandon" class="button button-quiet">${escapeHtml(t.abandon)}</button>
</form>
</section>`,
  );
}

/** Already decided or expired: say so and offer the way back. */
export function renderClosedPage(
  status: Exclude<BankPaymentStatus, 'pending'>,
  returnUrl: string,
  language: Language,
): string {
  const t = sandboxBankTexts[language];
  return layout(
    language,
    t.closedTitle,
    `<section class="card" aria-labelledby="closed-title">
<h2 id="closed-title">${escapeHtml(t.closedTitle)}</h2>
<p>${escapeHtml(t.closed[status])}</p>
<p><a class="button button-primary" href="${escapeHtml(returnUrl)}">${escapeHtml(t.returnToKuvert)}</a></p>
</section>`,
  );
}

export function renderNotFoundPage(language: Language): string {
  const t = sandboxBankTexts[language];
  return layout(
    language,
    t.notFoundTitle,
    `<section class="card" aria-labelledby="missing-title">
<h2 id="missing-title">${escapeHtml(t.notFoundTitle)}</h2>
<p>${escapeHtml(t.notFound)}</p>
</section>`,
  );
}
