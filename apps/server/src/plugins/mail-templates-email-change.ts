import type { Language } from '@kuvert/shared/auth';
import type { MailMessage } from './mailer.ts';

/*
 * The mails of an e-mail change (issue 25), in the shape of mail-templates.ts: a greeting, a
 * body, an optional link with its action, a footer. Each is in the language of the login.
 */

interface ChangeMailText {
  subject: string;
  body: string;
  action?: string;
  footer: string;
}

interface ChangeMailInput {
  to: string;
  language: Language;
  firstName: string;
  oldEmail: string;
  newEmail: string;
}

type WithLink = ChangeMailInput & { link: string };

const greetings: Record<Language, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  de: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(t: ChangeMailText, input: ChangeMailInput, link?: string): MailMessage {
  const greeting = greetings[input.language](input.firstName);
  const action = t.action !== undefined && link !== undefined ? { label: t.action, link } : null;
  const text = [
    greeting,
    '',
    t.body,
    '',
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    t.footer,
    '',
    'Kuvert',
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display: inline-block; padding: 10px 16px; background: #1c7ed6; color: #fff; border-radius: 4px; text-decoration: none;">${escapeHtml(action.label)}</a></p>
<p style="font-size: 13px; color: #555;">${escapeHtml(action.link)}</p>
`
    : '';
  const html = `<!doctype html>
<html lang="${input.language}"><body style="font-family: sans-serif; line-height: 1.5; color: #1a1b1e;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t.body)}</p>
${button}<p style="font-size: 13px; color: #555;">${escapeHtml(t.footer)}</p>
</body></html>`;
  return { to: input.to, subject: t.subject, text, html };
}

/** To the new address: follow the link within 24 hours to make it the login's address. */
export function emailChangeConfirmMail(input: WithLink): MailMessage {
  const texts: Record<Language, ChangeMailText> = {
    en: {
      subject: 'Confirm your new e-mail address for Kuvert',
      body: `You asked to change the e-mail address of your Kuvert login from ${input.oldEmail} to this address. Open the link below within 24 hours to confirm; it works once. Until then you log in with ${input.oldEmail}.`,
      action: 'Confirm the new address',
      footer: 'If you did not ask for this, ignore this e-mail: nothing changes.',
    },
    de: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Kuvert',
      body: `Sie haben angefordert, die E-Mail-Adresse Ihres Kuvert-Zugangs von ${input.oldEmail} auf diese Adresse zu ändern. Öffnen Sie den Link unten innerhalb von 24 Stunden, um das zu bestätigen; er funktioniert einmal. Bis dahin melden Sie sich mit ${input.oldEmail} an.`,
      action: 'Neue Adresse bestätigen',
      footer:
        'Haben Sie das nicht angefordert, ignorieren Sie diese E-Mail: es ändert sich nichts.',
    },
  };
  return render(texts[input.language], input, input.link);
}

/**
 * To the new address when it already belongs to another login: nothing to confirm. The person
 * asking is told nothing more than that a mail went out, as for any address.
 */
export function emailChangeTakenMail(input: ChangeMailInput): MailMessage {
  const texts: Record<Language, ChangeMailText> = {
    en: {
      subject: 'This e-mail address already has a Kuvert login',
      body: `Someone asked to move a Kuvert login to this address, but this address already belongs to a Kuvert login. Nothing was changed. If you want to use this address for another login, free it first (change the address of the login that has it).`,
      footer: 'If you did not ask for this, ignore this e-mail.',
    },
    de: {
      subject: 'Diese E-Mail-Adresse hat bereits einen Kuvert-Zugang',
      body: `Jemand hat angefordert, einen Kuvert-Zugang auf diese Adresse umzustellen, aber diese Adresse gehört bereits zu einem Kuvert-Zugang. Es wurde nichts geändert. Wollen Sie diese Adresse für einen anderen Zugang verwenden, geben Sie sie zuerst frei (ändern Sie die Adresse des Zugangs, der sie hat).`,
      footer: 'Haben Sie das nicht angefordert, ignorieren Sie diese E-Mail.',
    },
  };
  return render(texts[input.language], input);
}

/** To the old address: a change was asked for, with the link that stops it while it waits. */
export function emailChangeRequestedMail(input: WithLink): MailMessage {
  const texts: Record<Language, ChangeMailText> = {
    en: {
      subject: 'A change of your Kuvert e-mail address was requested',
      body: `Someone logged in to your Kuvert login asked to change its e-mail address from ${input.oldEmail} to ${input.newEmail}. The change happens only once the link sent to ${input.newEmail} is opened (within 24 hours). If this was not you, stop the change with the link below, then change your password.`,
      action: 'Stop this change',
      footer: 'If it was you, there is nothing to do.',
    },
    de: {
      subject: 'Eine Änderung Ihrer Kuvert-E-Mail-Adresse wurde angefordert',
      body: `In Ihrem Kuvert-Zugang wurde angefordert, die E-Mail-Adresse von ${input.oldEmail} auf ${input.newEmail} zu ändern. Die Änderung geschieht erst, wenn der an ${input.newEmail} gesendete Link geöffnet wird (innerhalb von 24 Stunden). Waren Sie das nicht, stoppen Sie die Änderung mit dem Link unten und ändern Sie danach Ihr Passwort.`,
      action: 'Änderung stoppen',
      footer: 'Waren Sie es, ist nichts zu tun.',
    },
  };
  return render(texts[input.language], input, input.link);
}

/** To the old address once the change is done: it no longer logs in. */
export function emailChangedMail(input: ChangeMailInput): MailMessage {
  const texts: Record<Language, ChangeMailText> = {
    en: {
      subject: 'Your Kuvert e-mail address was changed',
      body: `The e-mail address of your Kuvert login was changed from ${input.oldEmail} to ${input.newEmail}. From now on you log in with ${input.newEmail}; this address no longer works for logging in, and every other device was logged out.`,
      footer:
        'If this was not you, contact the operator of this Kuvert at once: they can give the login back to you.',
    },
    de: {
      subject: 'Ihre Kuvert-E-Mail-Adresse wurde geändert',
      body: `Die E-Mail-Adresse Ihres Kuvert-Zugangs wurde von ${input.oldEmail} auf ${input.newEmail} geändert. Ab jetzt melden Sie sich mit ${input.newEmail} an; diese Adresse funktioniert für die Anmeldung nicht mehr, und alle anderen Geräte wurden abgemeldet.`,
      footer:
        'Waren Sie das nicht, wenden Sie sich sofort an den Betreiber dieses Kuvert: er kann Ihnen den Zugang zurückgeben.',
    },
  };
  return render(texts[input.language], input);
}
