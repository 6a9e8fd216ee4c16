import type { Language } from '@kuvert/shared/auth';
import { escapeHtml } from '../../../lib/html-escape.ts';
import { firstKnownLanguage } from '@kuvert/shared/constants';
import { localeOf } from '../../../lib/locale.ts';
import { presetTestPeople, testAssuranceLevels, TEST_NAME_MAX_LENGTH } from './test-identities.ts';

/**
 * The test identity provider's pages: server-rendered HTML, no script, every value escaped,
 * and on every page the plain statement that this is a test and nobody is really checked.
 */

/** The pages load nothing but themselves; a form posts only back to this server. */
export const TEST_IDP_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The pages' words in every language (exported for the test that none is left in English). */
export const testIdpTexts = {
  en: {
    brand: 'Kuvert Test Identity Provider',
    banner: 'TEST identity provider — no real person is checked.',
    bannerDetail:
      'Kuvert plays an identity provider here so that verification can be tried out. Pick or type any test identity; the result is marked as a test.',
    title: 'Verify your identity (test)',
    level: 'Assurance level to report',
    levels: ['Low', 'Substantial', 'High'],
    pick: 'Pick a test identity',
    oneUser:
      'Like a real person, each test identity can be verified for one Kuvert user only: if someone else already picked one, type another.',
    born: 'born',
    type: 'Or type a test identity',
    givenName: 'Given name',
    familyName: 'Family name',
    birthdate: 'Birth date',
    useTyped: 'Verify as this test identity',
    typedInvalid: `Enter a given name and a family name (up to ${TEST_NAME_MAX_LENGTH} characters each) and a birth date.`,
    cancel: 'Cancel and return to Kuvert',
    errorTitle: 'The test identity provider cannot continue',
    errorText: 'This sign-in is unknown, expired or already finished. Start again in Kuvert.',
  },
  de: {
    brand: 'Kuvert-Test-Identitätsanbieter',
    banner: 'TEST-Identitätsanbieter — es wird keine echte Person geprüft.',
    bannerDetail:
      'Kuvert spielt hier einen Identitätsanbieter, damit die Verifizierung ausprobiert werden kann. Wählen oder tippen Sie eine beliebige Test-Identität; das Ergebnis ist als Test gekennzeichnet.',
    title: 'Identität bestätigen (Test)',
    level: 'Zu meldendes Vertrauensniveau',
    levels: ['Niedrig', 'Substanziell', 'Hoch'],
    pick: 'Test-Identität wählen',
    oneUser:
      'Wie eine echte Person kann jede Test-Identität nur für einen Kuvert-Benutzer verifiziert werden: Hat jemand anderes eine schon gewählt, geben Sie eine andere ein.',
    born: 'geboren am',
    type: 'Oder eine Test-Identität eingeben',
    givenName: 'Vorname',
    familyName: 'Nachname',
    birthdate: 'Geburtsdatum',
    useTyped: 'Mit dieser Test-Identität bestätigen',
    typedInvalid: `Geben Sie einen Vornamen und einen Nachnamen (je bis zu ${TEST_NAME_MAX_LENGTH} Zeichen) und ein Geburtsdatum ein.`,
    cancel: 'Abbrechen und zu Kuvert zurückkehren',
    errorTitle: 'Der Test-Identitätsanbieter kann nicht fortfahren',
    errorText:
      'Diese Anmeldung ist unbekannt, abgelaufen oder bereits abgeschlossen. Beginnen Sie in Kuvert neu.',
  },
  sv: {
    brand: 'Kuverts testidentitetsleverantör',
    banner: 'TEST-identitetsleverantör – ingen verklig person kontrolleras.',
    bannerDetail:
      'Här spelar Kuvert en identitetsleverantör så att verifieringen kan provas. Välj eller skriv in valfri testidentitet; resultatet märks som ett test.',
    title: 'Verifiera din identitet (test)',
    level: 'Tillitsnivå att rapportera',
    levels: ['Låg', 'Väsentlig', 'Hög'],
    pick: 'Välj en testidentitet',
    oneUser:
      'Precis som en verklig person kan varje testidentitet verifieras för endast en Kuvert-användare: om någon annan redan har valt den, skriv in en annan.',
    born: 'född',
    type: 'Eller skriv in en testidentitet',
    givenName: 'Förnamn',
    familyName: 'Efternamn',
    birthdate: 'Födelsedatum',
    useTyped: 'Verifiera som den här testidentiteten',
    typedInvalid: `Ange ett förnamn och ett efternamn (högst ${TEST_NAME_MAX_LENGTH} tecken vardera) och ett födelsedatum.`,
    cancel: 'Avbryt och gå tillbaka till Kuvert',
    errorTitle: 'Testidentitetsleverantören kan inte fortsätta',
    errorText:
      'Den här inloggningen är okänd, har gått ut eller är redan avslutad. Börja om i Kuvert.',
  },
  da: {
    brand: 'Kuverts testidentitetsudbyder',
    banner: 'TEST-identitetsudbyder – ingen rigtig person bliver kontrolleret.',
    bannerDetail:
      'Her spiller Kuvert en identitetsudbyder, så verificeringen kan afprøves. Vælg eller skriv en vilkårlig testidentitet; resultatet bliver markeret som en test.',
    title: 'Bekræft din identitet (test)',
    level: 'Sikringsniveau, der skal rapporteres',
    levels: ['Lavt', 'Betydeligt', 'Højt'],
    pick: 'Vælg en testidentitet',
    oneUser:
      'Ligesom en rigtig person kan hver testidentitet kun verificeres for én Kuvert-bruger: Hvis en anden allerede har valgt den, så skriv en anden.',
    born: 'født',
    type: 'Eller skriv en testidentitet',
    givenName: 'Fornavn',
    familyName: 'Efternavn',
    birthdate: 'Fødselsdato',
    useTyped: 'Bekræft som denne testidentitet',
    typedInvalid: `Angiv et fornavn og et efternavn (højst ${TEST_NAME_MAX_LENGTH} tegn hver) og en fødselsdato.`,
    cancel: 'Annuller og vend tilbage til Kuvert',
    errorTitle: 'Testidentitetsudbyderen kan ikke fortsætte',
    errorText: 'Dette login er ukendt, udløbet eller allerede afsluttet. Start forfra i Kuvert.',
  },
  nb: {
    brand: 'Kuverts testidentitetsleverandør',
    banner: 'TEST-identitetsleverandør – ingen ekte person blir kontrollert.',
    bannerDetail:
      'Her spiller Kuvert en identitetsleverandør slik at verifiseringen kan prøves ut. Velg eller skriv inn en hvilken som helst testidentitet; resultatet blir merket som en test.',
    title: 'Bekreft identiteten din (test)',
    level: 'Sikkerhetsnivå som skal rapporteres',
    levels: ['Lavt', 'Betydelig', 'Høyt'],
    pick: 'Velg en testidentitet',
    oneUser:
      'Akkurat som en ekte person kan hver testidentitet bare verifiseres for én Kuvert-bruker: Hvis noen andre allerede har valgt den, skriv inn en annen.',
    born: 'født',
    type: 'Eller skriv inn en testidentitet',
    givenName: 'Fornavn',
    familyName: 'Etternavn',
    birthdate: 'Fødselsdato',
    useTyped: 'Bekreft som denne testidentiteten',
    typedInvalid: `Skriv inn et fornavn og et etternavn (høyst ${TEST_NAME_MAX_LENGTH} tegn hver) og en fødselsdato.`,
    cancel: 'Avbryt og gå tilbake til Kuvert',
    errorTitle: 'Testidentitetsleverandøren kan ikke fortsette',
    errorText:
      'Denne innloggingen er ukjent, utløpt eller allerede fullført. Begynn på nytt i Kuvert.',
  },
} satisfies Record<Language, unknown>;

const styles = `
body{margin:0;font-family:system-ui,sans-serif;color:#1a1b1e;background:#f4f1ea;line-height:1.5}
header{background:#5c3d99;color:#fff;padding:0.75rem 1.5rem}
header p{margin:0;font-weight:700;font-size:1.25rem}
.test-banner{background:#fff3bf;color:#3d2c00;border-bottom:3px solid #b08800;padding:0.75rem 1.5rem}
.test-banner p{margin:0}
main{max-width:40rem;margin:1.5rem auto;padding:0 1rem}
section{background:#fff;border-radius:8px;padding:1.25rem 1.5rem;margin-bottom:1rem;box-shadow:0 1px 3px #0002}
fieldset{border:1px solid #ccc;border-radius:6px;margin:0 0 1rem;padding:0.75rem 1rem}
legend{font-weight:600;padding:0 0.25rem}
label{display:block;margin:0.25rem 0}
input[type=text],input[type=date]{display:block;width:100%;box-sizing:border-box;padding:0.5rem;border:1px solid #555;border-radius:4px;font:inherit;margin-top:0.25rem}
button{font:inherit;padding:0.6rem 1rem;border-radius:6px;border:1px solid #3b2766;background:#5c3d99;color:#fff;cursor:pointer;margin:0.25rem 0;display:block;width:100%;text-align:left}
button.quiet{background:#fff;color:#3b2766}
.error{color:#a4000f;font-weight:600}
footer{text-align:center;color:#444;padding:1rem}
`;

function layout(language: Language, title: string, content: string): string {
  const t = testIdpTexts[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} – ${t.brand}`)}</title>
<link rel="icon" href="data:,">
<style>${styles}</style>
</head>
<body>
<header><p>${escapeHtml(t.brand)}</p></header>
<div class="test-banner" role="note"><p><strong>${escapeHtml(t.banner)}</strong> ${escapeHtml(t.bannerDetail)}</p></div>
<main>
${content}
</main>
<footer><p>${escapeHtml(t.banner)}</p></footer>
</body>
</html>
`;
}

function formatBirthDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export interface TypedValues {
  givenName: string;
  familyName: string;
  birthdate: string;
}

/** The "pick or type a test identity" page of one sign-in. */
export function renderInteractionPage(
  language: Language,
  action: string,
  options: { typed?: TypedValues; isTypedInvalid?: boolean } = {},
): string {
  const t = testIdpTexts[language];
  const typed = options.typed ?? { givenName: '', familyName: '', birthdate: '' };
  const levels = testAssuranceLevels
    .map(
      (level, index) =>
        `<label><input type="radio" name="acr" value="${escapeHtml(level)}"${index === 1 ? ' checked' : ''}> ${escapeHtml(t.levels[index] ?? level)} <small>(${escapeHtml(level)})</small></label>`,
    )
    .join('\n');
  const people = presetTestPeople
    .map(
      (person, index) =>
        `<button type="submit" name="choice" value="preset-${index}">${escapeHtml(`${person.given_name} ${person.family_name}, ${t.born} ${formatBirthDate(person.birthdate, localeOf(language))}`)}</button>`,
    )
    .join('\n');
  const error = options.isTypedInvalid
    ? `<p class="error" id="typed-error" role="alert">${escapeHtml(t.typedInvalid)}</p>`
    : '';
  const described = options.isTypedInvalid ? ' aria-describedby="typed-error"' : '';
  return layout(
    language,
    t.title,
    `<section aria-labelledby="idp-title">
<h1 id="idp-title">${escapeHtml(t.title)}</h1>
<form method="post" action="${escapeHtml(action)}">
<fieldset><legend>${escapeHtml(t.level)}</legend>
${levels}
</fieldset>
<fieldset><legend>${escapeHtml(t.pick)}</legend>
<p>${escapeHtml(t.oneUser)}</p>
${people}
</fieldset>
<fieldset><legend>${escapeHtml(t.type)}</legend>
${error}
<label>${escapeHtml(t.givenName)}<input type="text" name="given_name" maxlength="${TEST_NAME_MAX_LENGTH}" autocomplete="off" value="${escapeHtml(typed.givenName)}"${described}></label>
<label>${escapeHtml(t.familyName)}<input type="text" name="family_name" maxlength="${TEST_NAME_MAX_LENGTH}" autocomplete="off" value="${escapeHtml(typed.familyName)}"${described}></label>
<label>${escapeHtml(t.birthdate)}<input type="date" name="birthdate" value="${escapeHtml(typed.birthdate)}"${described}></label>
<button type="submit" name="choice" value="typed">${escapeHtml(t.useTyped)}</button>
</fieldset>
<button type="submit" name="choice" value="cancel" class="quiet">${escapeHtml(t.cancel)}</button>
</form>
</section>`,
  );
}

/** An unknown, expired or finished sign-in, or any error the provider cannot send back. */
export function renderErrorPage(language: Language): string {
  const t = testIdpTexts[language];
  return layout(
    language,
    t.errorTitle,
    `<section aria-labelledby="idp-error">
<h1 id="idp-error">${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(t.errorText)}</p>
</section>`,
  );
}

/** The page's language: the first of `ui_locales` Kuvert knows (no and nn as nb), else English. */
export function languageOf(uiLocales: unknown): Language {
  return firstKnownLanguage(uiLocales);
}
