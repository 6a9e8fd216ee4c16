import type { Language } from '@kuvert/shared/auth';
import type { MailMessage } from './mailer.ts';
import { greetingOf } from './mail-templates.ts';

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

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(t: ChangeMailText, input: ChangeMailInput, link?: string): MailMessage {
  const greeting = greetingOf(input.language, input.firstName);
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
    sv: {
      subject: 'Bekräfta din nya e-postadress för Kuvert',
      body: `Du har bett om att ändra e-postadressen för ditt Kuvert-konto från ${input.oldEmail} till den här adressen. Öppna länken nedan inom 24 timmar för att bekräfta; den fungerar en gång. Fram till dess loggar du in med ${input.oldEmail}.`,
      action: 'Bekräfta den nya adressen',
      footer: 'Om du inte har bett om detta kan du bortse från det här mejlet: ingenting ändras.',
    },
    da: {
      subject: 'Bekræft din nye e-mailadresse til Kuvert',
      body: `Du har bedt om at ændre e-mailadressen for dit Kuvert-login fra ${input.oldEmail} til denne adresse. Åbn linket nedenfor inden for 24 timer for at bekræfte; det virker én gang. Indtil da logger du ind med ${input.oldEmail}.`,
      action: 'Bekræft den nye adresse',
      footer: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail: intet ændres.',
    },
    nb: {
      subject: 'Bekreft den nye e-postadressen din for Kuvert',
      body: `Du har bedt om å endre e-postadressen for Kuvert-kontoen din fra ${input.oldEmail} til denne adressen. Åpne lenken nedenfor innen 24 timer for å bekrefte; den virker én gang. Inntil da logger du inn med ${input.oldEmail}.`,
      action: 'Bekreft den nye adressen',
      footer:
        'Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten: ingenting endres.',
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
    sv: {
      subject: 'Den här e-postadressen har redan ett Kuvert-konto',
      body: 'Någon har bett om att flytta ett Kuvert-konto till den här adressen, men adressen hör redan till ett Kuvert-konto. Ingenting har ändrats. Vill du använda adressen för ett annat konto måste du först frigöra den (ändra adressen för kontot som har den).',
      footer: 'Om du inte har bett om detta kan du bortse från det här mejlet.',
    },
    da: {
      subject: 'Denne e-mailadresse har allerede et Kuvert-login',
      body: 'Nogen har bedt om at flytte et Kuvert-login til denne adresse, men adressen hører allerede til et Kuvert-login. Intet er blevet ændret. Vil du bruge adressen til et andet login, skal du først frigive den (ændre adressen på det login, der har den).',
      footer: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-mail.',
    },
    nb: {
      subject: 'Denne e-postadressen har allerede en Kuvert-konto',
      body: 'Noen har bedt om å flytte en Kuvert-konto til denne adressen, men adressen tilhører allerede en Kuvert-konto. Ingenting er endret. Vil du bruke adressen til en annen konto, må du først frigjøre den (endre adressen på kontoen som har den).',
      footer: 'Hvis du ikke har bedt om dette, kan du se bort fra denne e-posten.',
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
    sv: {
      subject: 'Någon har begärt att din e-postadress i Kuvert ska ändras',
      body: `Någon som är inloggad på ditt Kuvert-konto har bett om att ändra dess e-postadress från ${input.oldEmail} till ${input.newEmail}. Ändringen sker först när länken som skickats till ${input.newEmail} öppnas (inom 24 timmar). Om det inte var du, stoppa ändringen med länken nedan och byt sedan lösenord.`,
      action: 'Stoppa ändringen',
      footer: 'Om det var du behöver du inte göra något.',
    },
    da: {
      subject: 'Der er bedt om at ændre din e-mailadresse i Kuvert',
      body: `Nogen, der er logget ind på dit Kuvert-login, har bedt om at ændre dets e-mailadresse fra ${input.oldEmail} til ${input.newEmail}. Ændringen sker først, når linket sendt til ${input.newEmail} åbnes (inden for 24 timer). Hvis det ikke var dig, så stop ændringen med linket nedenfor, og skift derefter din adgangskode.`,
      action: 'Stop ændringen',
      footer: 'Hvis det var dig, skal du ikke gøre noget.',
    },
    nb: {
      subject: 'Noen har bedt om å endre e-postadressen din i Kuvert',
      body: `Noen som er logget inn på Kuvert-kontoen din, har bedt om å endre e-postadressen fra ${input.oldEmail} til ${input.newEmail}. Endringen skjer først når lenken som er sendt til ${input.newEmail}, åpnes (innen 24 timer). Hvis det ikke var deg, stopper du endringen med lenken nedenfor og bytter deretter passord.`,
      action: 'Stopp endringen',
      footer: 'Hvis det var deg, trenger du ikke gjøre noe.',
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
    sv: {
      subject: 'Din e-postadress i Kuvert har ändrats',
      body: `E-postadressen för ditt Kuvert-konto har ändrats från ${input.oldEmail} till ${input.newEmail}. Från och med nu loggar du in med ${input.newEmail}; den här adressen fungerar inte längre för inloggning, och alla andra enheter har loggats ut.`,
      footer:
        'Om det inte var du, kontakta genast den som driver den här Kuvert-tjänsten: de kan ge dig tillbaka kontot.',
    },
    da: {
      subject: 'Din e-mailadresse i Kuvert er blevet ændret',
      body: `E-mailadressen for dit Kuvert-login er blevet ændret fra ${input.oldEmail} til ${input.newEmail}. Fremover logger du ind med ${input.newEmail}; denne adresse virker ikke længere til login, og alle andre enheder er blevet logget ud.`,
      footer:
        'Hvis det ikke var dig, så kontakt straks den, der driver denne Kuvert: vedkommende kan give dig dit login tilbage.',
    },
    nb: {
      subject: 'E-postadressen din i Kuvert er endret',
      body: `E-postadressen for Kuvert-kontoen din er endret fra ${input.oldEmail} til ${input.newEmail}. Fra nå av logger du inn med ${input.newEmail}; denne adressen virker ikke lenger for innlogging, og alle andre enheter er logget ut.`,
      footer:
        'Hvis det ikke var deg, må du straks kontakte den som driver denne Kuvert-tjenesten: de kan gi deg kontoen tilbake.',
    },
  };
  return render(texts[input.language], input);
}
