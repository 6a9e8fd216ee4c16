import type { Language } from '@kuvert/shared/auth';
import { formatDay } from '../lib/locale.ts';
import type { MailMessage } from './mailer.ts';

/** The words of a mail with one link; the greeting comes from `greetingOf`. */
export interface MailText {
  subject: string;
  body: string;
  action: string;
  footer: string;
}

interface TemplateInput {
  to: string;
  language: Language;
  firstName: string;
  link: string;
}

const greetings: Record<Language, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  de: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
  sv: (name) => (name ? `Hej ${name},` : 'Hej,'),
  da: (name) => (name ? `Hej ${name},` : 'Hej,'),
  nb: (name) => (name ? `Hei ${name},` : 'Hei,'),
};

/** The opening line of every mail, with the first name when there is one. */
export function greetingOf(language: Language, name: string): string {
  return greetings[language](name);
}

const passwordReset: Record<Language, MailText> = {
  en: {
    subject: 'Reset your Kuvert password',
    body: 'Someone asked to reset the password of your Kuvert login. The link below is valid for one hour and can be used once.',
    action: 'Choose a new password',
    footer: 'If this was not you, ignore this e-mail: your password stays as it is.',
  },
  de: {
    subject: 'Ihr Kuvert-Passwort zurücksetzen',
    body: 'Jemand hat angefordert, das Passwort Ihres Kuvert-Zugangs zurückzusetzen. Der Link unten ist eine Stunde gültig und nur einmal verwendbar.',
    action: 'Neues Passwort wählen',
    footer: 'Waren Sie das nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  sv: {
    subject: 'Återställ ditt lösenord till Kuvert',
    body: 'Någon har bett om att få återställa lösenordet till ditt Kuvert-konto. Länken nedan gäller i en timme och kan bara användas en gång.',
    action: 'Välj ett nytt lösenord',
    footer:
      'Om det inte var du kan du bortse från det här mejlet: ditt lösenord förblir oförändrat.',
  },
  da: {
    subject: 'Nulstil din adgangskode til Kuvert',
    body: 'Nogen har bedt om at nulstille adgangskoden til dit Kuvert-login. Linket nedenfor gælder i én time og kan kun bruges én gang.',
    action: 'Vælg en ny adgangskode',
    footer:
      'Hvis det ikke var dig, kan du se bort fra denne e-mail: din adgangskode forbliver uændret.',
  },
  nb: {
    subject: 'Tilbakestill passordet ditt til Kuvert',
    body: 'Noen har bedt om å tilbakestille passordet til Kuvert-kontoen din. Lenken nedenfor gjelder i én time og kan bare brukes én gang.',
    action: 'Velg et nytt passord',
    footer:
      'Hvis det ikke var deg, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
  },
};

const invitation: Record<Language, MailText> = {
  en: {
    subject: 'You are invited to Kuvert',
    body: 'You have been invited to Kuvert, your digital mailbox. Open the link below within seven days to confirm your e-mail address and choose a password.',
    action: 'Accept the invitation',
    footer: 'If you did not expect this invitation, ignore this e-mail.',
  },
  de: {
    subject: 'Ihre Einladung zu Kuvert',
    body: 'Sie wurden zu Kuvert eingeladen, Ihrem digitalen Briefkasten. Öffnen Sie den Link unten innerhalb von sieben Tagen, um Ihre E-Mail-Adresse zu bestätigen und ein Passwort zu wählen.',
    action: 'Einladung annehmen',
    footer: 'Haben Sie diese Einladung nicht erwartet, ignorieren Sie diese E-Mail.',
  },
  sv: {
    subject: 'Du är inbjuden till Kuvert',
    body: 'Du har bjudits in till Kuvert, din digitala brevlåda. Öppna länken nedan inom sju dagar för att bekräfta din e-postadress och välja ett lösenord.',
    action: 'Tacka ja till inbjudan',
    footer: 'Om du inte väntade dig den här inbjudan kan du bortse från det här mejlet.',
  },
  da: {
    subject: 'Du er inviteret til Kuvert',
    body: 'Du er blevet inviteret til Kuvert, din digitale postkasse. Åbn linket nedenfor inden for syv dage for at bekræfte din e-mailadresse og vælge en adgangskode.',
    action: 'Accepter invitationen',
    footer: 'Hvis du ikke ventede denne invitation, kan du se bort fra denne e-mail.',
  },
  nb: {
    subject: 'Du er invitert til Kuvert',
    body: 'Du er invitert til Kuvert, den digitale postkassen din. Åpne lenken nedenfor innen sju dager for å bekrefte e-postadressen din og velge et passord.',
    action: 'Godta invitasjonen',
    footer: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
  },
};

const onboarding: Record<Language, MailText> = {
  en: {
    subject: 'Open your Kuvert mailbox',
    body: 'A Kuvert mailbox is ready for you. Open the link below within seven days: you first confirm who you are with an identity provider, then choose a password. The link works once.',
    action: 'Verify your identity',
    footer: 'If you did not expect this, ignore this e-mail.',
  },
  de: {
    subject: 'Eröffnen Sie Ihr Kuvert-Postfach',
    body: 'Ein Kuvert-Postfach ist für Sie bereit. Öffnen Sie den Link unten innerhalb von sieben Tagen: Sie bestätigen zuerst bei einem Identitätsanbieter, wer Sie sind, und wählen dann ein Passwort. Der Link funktioniert einmal.',
    action: 'Identität verifizieren',
    footer: 'Haben Sie das nicht erwartet, ignorieren Sie diese E-Mail.',
  },
  sv: {
    subject: 'Öppna din brevlåda i Kuvert',
    body: 'En brevlåda i Kuvert väntar på dig. Öppna länken nedan inom sju dagar: först bekräftar du vem du är hos en identitetsleverantör, sedan väljer du ett lösenord. Länken fungerar en gång.',
    action: 'Bekräfta din identitet',
    footer: 'Om du inte väntade dig detta kan du bortse från det här mejlet.',
  },
  da: {
    subject: 'Åbn din postkasse i Kuvert',
    body: 'En postkasse i Kuvert er klar til dig. Åbn linket nedenfor inden for syv dage: Først bekræfter du hos en identitetsudbyder, hvem du er, og derefter vælger du en adgangskode. Linket virker én gang.',
    action: 'Bekræft din identitet',
    footer: 'Hvis du ikke ventede dette, kan du se bort fra denne e-mail.',
  },
  nb: {
    subject: 'Åpne postkassen din i Kuvert',
    body: 'En postkasse i Kuvert er klar for deg. Åpne lenken nedenfor innen sju dager: Først bekrefter du hvem du er hos en identitetsleverandør, deretter velger du et passord. Lenken virker én gang.',
    action: 'Bekreft identiteten din',
    footer: 'Hvis du ikke ventet dette, kan du se bort fra denne e-posten.',
  },
};

const emailVerification: Record<Language, MailText> = {
  en: {
    subject: 'Confirm your e-mail address for Kuvert',
    body: 'Please confirm that this e-mail address belongs to you. The link below is valid for 24 hours.',
    action: 'Confirm e-mail address',
    footer: 'If you did not ask for this, ignore this e-mail.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Kuvert',
    body: 'Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört. Der Link unten ist 24 Stunden gültig.',
    action: 'E-Mail-Adresse bestätigen',
    footer: 'Haben Sie das nicht angefordert, ignorieren Sie diese E-Mail.',
  },
  sv: {
    subject: 'Bekräfta din e-postadress för Kuvert',
    body: 'Bekräfta att den här e-postadressen tillhör dig. Länken nedan gäller i 24 timmar.',
    action: 'Bekräfta e-postadressen',
    footer: 'Om du inte har bett om detta kan du bortse från det här mejlet.',
  },
  da: {
    subject: 'Bekræft din e-mailadresse til Kuvert',
    body: 'Bekræft venligst, at denne e-mailadresse tilhører dig. Linket nedenfor gælder i 24 timer.',
    action: 'Bekræft e-mailadressen',
    footer: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.',
  },
  nb: {
    subject: 'Bekreft e-postadressen din for Kuvert',
    body: 'Bekreft at denne e-postadressen tilhører deg. Lenken nedenfor gjelder i 24 timer.',
    action: 'Bekreft e-postadressen',
    footer: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.',
  },
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(texts: Record<Language, MailText>, input: TemplateInput): MailMessage {
  return renderText(texts[input.language], input);
}

export function renderText(t: MailText, input: TemplateInput): MailMessage {
  const greeting = greetingOf(input.language, input.firstName);
  const text = [
    greeting,
    '',
    t.body,
    '',
    `${t.action}: ${input.link}`,
    '',
    t.footer,
    '',
    'Kuvert',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5; color: #1a1b1e;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #1c7ed6; color: #fff; border-radius: 4px; text-decoration: none;">${escapeHtml(t.action)}</a></p>
<p style="font-size: 13px; color: #555;">${escapeHtml(input.link)}</p>
<p style="font-size: 13px; color: #555;">${escapeHtml(t.footer)}</p>
</body></html>`;
  return { to: input.to, subject: t.subject, text, html };
}

export function passwordResetMail(input: TemplateInput): MailMessage {
  return render(passwordReset, input);
}

export function invitationMail(input: TemplateInput): MailMessage {
  return render(invitation, input);
}

export function onboardingMail(input: TemplateInput): MailMessage {
  return render(onboarding, input);
}

export function emailVerificationMail(input: TemplateInput): MailMessage {
  return render(emailVerification, input);
}

export interface MailboxInvitationInput {
  to: string;
  language: Language;
  /** The invitee's first name when they have a Kuvert login; else empty. */
  firstName: string;
  inviterName: string;
  mailboxName: string;
  role: 'owner' | 'member' | 'viewer';
  /** The last day of access (YYYY-MM-DD), or null. */
  accessUntil: string | null;
  link: string;
}

const roleNames: Record<Language, Record<MailboxInvitationInput['role'], string>> = {
  en: {
    owner: 'an owner (reads, acts and manages the members)',
    member: 'a member (reads, pays, signs and sorts the post)',
    viewer: 'a viewer (reads the post, without paying, signing or deleting)',
  },
  de: {
    owner: 'Inhaber:in (liest, handelt und verwaltet die Mitglieder)',
    member: 'Mitglied (liest, bezahlt, unterschreibt und ordnet die Post)',
    viewer: 'Leser:in (liest die Post, ohne zu bezahlen, zu unterschreiben oder zu löschen)',
  },
  sv: {
    owner: 'ägare (läser, agerar och hanterar medlemmarna)',
    member: 'medlem (läser, betalar, signerar och sorterar posten)',
    viewer: 'läsare (läser posten, utan att betala, signera eller radera)',
  },
  da: {
    owner: 'ejer (læser, handler og administrerer medlemmerne)',
    member: 'medlem (læser, betaler, underskriver og sorterer posten)',
    viewer: 'læser (læser posten uden at betale, underskrive eller slette)',
  },
  nb: {
    owner: 'eier (leser, handler og administrerer medlemmene)',
    member: 'medlem (leser, betaler, signerer og sorterer posten)',
    viewer: 'leser (leser posten uten å betale, signere eller slette)',
  },
};

interface InvitationWords {
  inviter: string;
  mailbox: string;
  role: string;
  /** The last day of access, written for the reader, or null. */
  until: string | null;
}

const mailboxInvitation: Record<Language, (w: InvitationWords) => MailText> = {
  en: (w) => ({
    subject: `${w.inviter} invites you to the mailbox "${w.mailbox}"`,
    body: `${w.inviter} invites you to share the Kuvert mailbox "${w.mailbox}" as ${w.role}.${w.until ? ` Access ends after ${w.until}.` : ''} The link below is valid for seven days and works once. Without a Kuvert login you create one there.`,
    action: 'View the invitation',
    footer: 'If you did not expect this invitation, ignore this e-mail.',
  }),
  de: (w) => ({
    subject: `${w.inviter} lädt Sie zum Postfach „${w.mailbox}“ ein`,
    body: `${w.inviter} lädt Sie ein, das Kuvert-Postfach „${w.mailbox}“ zu teilen, als ${w.role}.${w.until ? ` Der Zugang endet nach dem ${w.until}.` : ''} Der Link unten ist sieben Tage gültig und nur einmal verwendbar. Ohne Kuvert-Zugang legen Sie dort einen an.`,
    action: 'Einladung ansehen',
    footer: 'Haben Sie diese Einladung nicht erwartet, ignorieren Sie diese E-Mail.',
  }),
  sv: (w) => ({
    subject: `${w.inviter} bjuder in dig till brevlådan ”${w.mailbox}”`,
    body: `${w.inviter} bjuder in dig att dela brevlådan ”${w.mailbox}” i Kuvert som ${w.role}.${w.until ? ` Åtkomsten upphör efter den ${w.until}.` : ''} Länken nedan gäller i sju dagar och fungerar en gång. Har du inget Kuvert-konto skapar du ett där.`,
    action: 'Visa inbjudan',
    footer: 'Om du inte väntade dig den här inbjudan kan du bortse från det här mejlet.',
  }),
  da: (w) => ({
    subject: `${w.inviter} inviterer dig til postkassen »${w.mailbox}«`,
    body: `${w.inviter} inviterer dig til at dele Kuvert-postkassen »${w.mailbox}« som ${w.role}.${w.until ? ` Adgangen ophører efter den ${w.until}.` : ''} Linket nedenfor gælder i syv dage og virker én gang. Har du ikke et Kuvert-login, opretter du et der.`,
    action: 'Se invitationen',
    footer: 'Hvis du ikke ventede denne invitation, kan du se bort fra denne e-mail.',
  }),
  nb: (w) => ({
    subject: `${w.inviter} inviterer deg til postkassen «${w.mailbox}»`,
    body: `${w.inviter} inviterer deg til å dele Kuvert-postkassen «${w.mailbox}» som ${w.role}.${w.until ? ` Tilgangen opphører etter ${w.until}.` : ''} Lenken nedenfor gjelder i sju dager og virker én gang. Har du ikke en Kuvert-konto, oppretter du en der.`,
    action: 'Se invitasjonen',
    footer: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
  }),
};

/** An owner's invitation to share a mailbox, with the link to the accept page. */
export function mailboxInvitationMail(input: MailboxInvitationInput): MailMessage {
  const text = mailboxInvitation[input.language]({
    inviter: input.inviterName,
    mailbox: input.mailboxName,
    role: roleNames[input.language][input.role],
    until: input.accessUntil === null ? null : formatDay(input.language, input.accessUntil),
  });
  return renderText(text, input);
}
