import type { Language } from '@kuvert/shared/auth';
import type { MailMessage } from './mailer.ts';

export interface MailText {
  subject: string;
  greeting: (name: string) => string;
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

const passwordReset: Record<Language, MailText> = {
  en: {
    subject: 'Reset your Kuvert password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Someone asked to reset the password of your Kuvert login. The link below is valid for one hour and can be used once.',
    action: 'Choose a new password',
    footer: 'If this was not you, ignore this e-mail: your password stays as it is.',
  },
  de: {
    subject: 'Ihr Kuvert-Passwort zurücksetzen',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: 'Jemand hat angefordert, das Passwort Ihres Kuvert-Zugangs zurückzusetzen. Der Link unten ist eine Stunde gültig und nur einmal verwendbar.',
    action: 'Neues Passwort wählen',
    footer: 'Waren Sie das nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
};

const invitation: Record<Language, MailText> = {
  en: {
    subject: 'You are invited to Kuvert',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'You have been invited to Kuvert, your digital mailbox. Open the link below within seven days to confirm your e-mail address and choose a password.',
    action: 'Accept the invitation',
    footer: 'If you did not expect this invitation, ignore this e-mail.',
  },
  de: {
    subject: 'Ihre Einladung zu Kuvert',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: 'Sie wurden zu Kuvert eingeladen, Ihrem digitalen Briefkasten. Öffnen Sie den Link unten innerhalb von sieben Tagen, um Ihre E-Mail-Adresse zu bestätigen und ein Passwort zu wählen.',
    action: 'Einladung annehmen',
    footer: 'Haben Sie diese Einladung nicht erwartet, ignorieren Sie diese E-Mail.',
  },
};

const onboarding: Record<Language, MailText> = {
  en: {
    subject: 'Open your Kuvert mailbox',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'A Kuvert mailbox is ready for you. Open the link below within seven days: you first confirm who you are with an identity provider, then choose a password. The link works once.',
    action: 'Verify your identity',
    footer: 'If you did not expect this, ignore this e-mail.',
  },
  de: {
    subject: 'Eröffnen Sie Ihr Kuvert-Postfach',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: 'Ein Kuvert-Postfach ist für Sie bereit. Öffnen Sie den Link unten innerhalb von sieben Tagen: Sie bestätigen zuerst bei einem Identitätsanbieter, wer Sie sind, und wählen dann ein Passwort. Der Link funktioniert einmal.',
    action: 'Identität verifizieren',
    footer: 'Haben Sie das nicht erwartet, ignorieren Sie diese E-Mail.',
  },
};

const emailVerification: Record<Language, MailText> = {
  en: {
    subject: 'Confirm your e-mail address for Kuvert',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Please confirm that this e-mail address belongs to you. The link below is valid for 24 hours.',
    action: 'Confirm e-mail address',
    footer: 'If you did not ask for this, ignore this e-mail.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Kuvert',
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    body: 'Bitte bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört. Der Link unten ist 24 Stunden gültig.',
    action: 'E-Mail-Adresse bestätigen',
    footer: 'Haben Sie das nicht angefordert, ignorieren Sie diese E-Mail.',
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
  const greeting = t.greeting(input.firstName);
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
};

function mailboxInvitationText(input: MailboxInvitationInput): MailText {
  const role = roleNames[input.language][input.role];
  if (input.language === 'de') {
    const until = input.accessUntil ? ` Der Zugang endet nach dem ${input.accessUntil}.` : '';
    return {
      subject: `${input.inviterName} lädt Sie zum Postfach „${input.mailboxName}“ ein`,
      greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
      body: `${input.inviterName} lädt Sie ein, das Kuvert-Postfach „${input.mailboxName}“ zu teilen, als ${role}.${until} Der Link unten ist sieben Tage gültig und nur einmal verwendbar. Ohne Kuvert-Zugang legen Sie dort einen an.`,
      action: 'Einladung ansehen',
      footer: 'Haben Sie diese Einladung nicht erwartet, ignorieren Sie diese E-Mail.',
    };
  }
  const until = input.accessUntil ? ` Access ends after ${input.accessUntil}.` : '';
  return {
    subject: `${input.inviterName} invites you to the mailbox "${input.mailboxName}"`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: `${input.inviterName} invites you to share the Kuvert mailbox "${input.mailboxName}" as ${role}.${until} The link below is valid for seven days and works once. Without a Kuvert login you create one there.`,
    action: 'View the invitation',
    footer: 'If you did not expect this invitation, ignore this e-mail.',
  };
}

/** An owner's invitation to share a mailbox, with the link to the accept page. */
export function mailboxInvitationMail(input: MailboxInvitationInput): MailMessage {
  return renderText(mailboxInvitationText(input), input);
}
