import { languages, languageSchema, type Language } from '@kuvert/shared/auth';
import { LETTER_BODY_MAX_LENGTH, LETTER_SUBJECT_MAX_LENGTH } from '@kuvert/shared/letters';
import {
  placeholderKey,
  renderTemplate,
  type MailMergeRowProblem,
  type TemplatePart,
} from '@kuvert/shared/mail-merge';
import {
  countryCodes,
  countryName,
  POSTAL_FIELD_MAX_LENGTH,
  POSTCODE_MAX_LENGTH,
  postalAddressLines,
  postcodeRules,
  type CountryCode,
  type PostalAddress,
} from '@kuvert/shared/postal';
import { linesTooWide } from '../../lib/address-window.ts';

/*
 * One CSV row → one letter: where it goes (a Kuvert user's inbox, or by post) and what it
 * says, or why it cannot go. Pure: the Kuvert users named in the rows are looked up before.
 */

export type MergeMapping = {
  fields: Partial<
    Record<
      'name' | 'first_name' | 'organisation' | 'street' | 'postcode' | 'city' | 'country' | 'email',
      number
    >
  >;
  placeholders: Record<string, number>;
  default_country: CountryCode;
};

export interface KuvertUser {
  userId: string;
  accountId: string;
}

export interface MergeContext {
  mapping: MergeMapping;
  subject: TemplatePart[];
  body: TemplatePart[];
  /** By lower-cased e-mail address. */
  kuvertUsers: ReadonlyMap<string, KuvertUser>;
  /** The sender's country and language: the address lines name a foreign country. */
  sender: { country: CountryCode; language: string };
  /** Language of the problem messages. */
  language: string;
}

export type MergeRecipient =
  | { channel: 'kuvert'; name: string; email: string; user: KuvertUser }
  | { channel: 'postal'; address: PostalAddress };

export interface ResolvedRow {
  /** 1-based data row below the header. */
  row: number;
  name: string;
  recipient: MergeRecipient | null;
  addressLines: string[];
  subject: string;
  body: string;
  problems: MailMergeRowProblem[];
}

type ProblemKind =
  | 'name'
  | 'noAddress'
  | 'emailUnknown'
  | 'needsPostal'
  | 'street'
  | 'postcode'
  | 'city'
  | 'country'
  | 'postcodeFormat'
  | 'tooLong'
  | 'tooWide'
  | 'subject'
  | 'body';

/** Why a row fails, in the sender's language (exported for the test that none is left in English). */
export const problemMessages: Record<Language, Record<ProblemKind, string>> = {
  en: {
    name: 'The row has no name.',
    noAddress: 'The row has neither a Kuvert e-mail address nor a postal address.',
    emailUnknown: '{{email}} is not on Kuvert, and the row has no complete postal address.',
    needsPostal:
      'Delivered digitally if {{email}} has a Kuvert account; otherwise the row fails, as it has no complete postal address.',
    street: 'The postal address has no street.',
    postcode: 'The postal address has no postcode.',
    city: 'The postal address has no city.',
    country: '“{{value}}” is not a country Kuvert knows.',
    postcodeFormat: 'The postcode {{postcode}} does not fit {{country}} (for example {{example}}).',
    tooLong: 'The {{field}} is longer than {{max}} characters.',
    tooWide: 'The address line “{{line}}” is too long for the envelope window.',
    subject: 'The subject is empty or longer than {{max}} characters once filled in.',
    body: 'The letter is empty or longer than {{max}} characters once filled in.',
  },
  de: {
    name: 'Die Zeile hat keinen Namen.',
    noAddress: 'Die Zeile hat weder eine Kuvert-E-Mail-Adresse noch eine Postanschrift.',
    emailUnknown:
      '{{email}} ist nicht bei Kuvert, und die Zeile hat keine vollständige Postanschrift.',
    needsPostal:
      'Digital zugestellt, wenn {{email}} ein Kuvert-Konto hat; sonst schlägt die Zeile fehl, weil ihr eine vollständige Postanschrift fehlt.',
    street: 'Der Postanschrift fehlt die Straße.',
    postcode: 'Der Postanschrift fehlt die Postleitzahl.',
    city: 'Der Postanschrift fehlt der Ort.',
    country: '„{{value}}“ ist kein Land, das Kuvert kennt.',
    postcodeFormat:
      'Die Postleitzahl {{postcode}} passt nicht zu {{country}} (zum Beispiel {{example}}).',
    tooLong: 'Das Feld {{field}} ist länger als {{max}} Zeichen.',
    tooWide: 'Die Adresszeile „{{line}}“ ist zu lang für das Sichtfenster.',
    subject: 'Der Betreff ist ausgefüllt leer oder länger als {{max}} Zeichen.',
    body: 'Der Brief ist ausgefüllt leer oder länger als {{max}} Zeichen.',
  },
  sv: {
    name: 'Raden har inget namn.',
    noAddress: 'Raden har varken en e-postadress på Kuvert eller en postadress.',
    emailUnknown: '{{email}} finns inte på Kuvert, och raden har ingen fullständig postadress.',
    needsPostal:
      'Levereras digitalt om {{email}} har ett Kuvert-konto; annars misslyckas raden, eftersom den saknar fullständig postadress.',
    street: 'Postadressen saknar gatuadress.',
    postcode: 'Postadressen saknar postnummer.',
    city: 'Postadressen saknar ort.',
    country: '”{{value}}” är inte ett land som Kuvert känner till.',
    postcodeFormat:
      'Postnumret {{postcode}} passar inte för {{country}} (till exempel {{example}}).',
    tooLong: 'Fältet {{field}} är längre än {{max}} tecken.',
    tooWide: 'Adressraden ”{{line}}” är för lång för kuvertets fönster.',
    subject: 'Ämnet är tomt eller längre än {{max}} tecken när det har fyllts i.',
    body: 'Brevet är tomt eller längre än {{max}} tecken när det har fyllts i.',
  },
  da: {
    name: 'Rækken har intet navn.',
    noAddress: 'Rækken har hverken en e-mailadresse på Kuvert eller en postadresse.',
    emailUnknown: '{{email}} er ikke på Kuvert, og rækken har ingen fuldstændig postadresse.',
    needsPostal:
      'Leveres digitalt, hvis {{email}} har en Kuvert-konto; ellers mislykkes rækken, da den ikke har nogen fuldstændig postadresse.',
    street: 'Postadressen har ingen gade.',
    postcode: 'Postadressen har intet postnummer.',
    city: 'Postadressen har ingen by.',
    country: '“{{value}}” er ikke et land, Kuvert kender.',
    postcodeFormat:
      'Postnummeret {{postcode}} passer ikke til {{country}} (for eksempel {{example}}).',
    tooLong: 'Feltet {{field}} er længere end {{max}} tegn.',
    tooWide: 'Adresselinjen “{{line}}” er for lang til kuvertens rude.',
    subject: 'Emnet er tomt eller længere end {{max}} tegn, når det er udfyldt.',
    body: 'Brevet er tomt eller længere end {{max}} tegn, når det er udfyldt.',
  },
  nb: {
    name: 'Raden har ikke noe navn.',
    noAddress: 'Raden har verken en e-postadresse på Kuvert eller en postadresse.',
    emailUnknown: '{{email}} er ikke på Kuvert, og raden har ingen fullstendig postadresse.',
    needsPostal:
      'Leveres digitalt hvis {{email}} har en Kuvert-konto; ellers mislykkes raden, fordi den ikke har en fullstendig postadresse.',
    street: 'Postadressen mangler gate.',
    postcode: 'Postadressen mangler postnummer.',
    city: 'Postadressen mangler poststed.',
    country: '«{{value}}» er ikke et land Kuvert kjenner.',
    postcodeFormat:
      'Postnummeret {{postcode}} passer ikke for {{country}} (for eksempel {{example}}).',
    tooLong: 'Feltet {{field}} er lengre enn {{max}} tegn.',
    tooWide: 'Adresselinjen «{{line}}» er for lang for konvoluttvinduet.',
    subject: 'Emnet er tomt eller lengre enn {{max}} tegn når det er fylt ut.',
    body: 'Brevet er tomt eller lengre enn {{max}} tegn når det er fylt ut.',
  },
};

/** A letter by post needs the sender's address for its return line; it was removed since. */
export const noReturnAddressMessages: Record<Language, string> = {
  en: 'Your profile has no postal address for the return line.',
  de: 'Ihr Profil hat keine Postanschrift für die Absenderzeile.',
  sv: 'Din profil har ingen postadress för returadressen.',
  da: 'Din profil har ingen postadresse til returadressen.',
  nb: 'Profilen din har ingen postadresse for returadressen.',
};

/** The stored language of a person; one Kuvert no longer knows reads as English. */
export function mergeLanguage(language: string): Language {
  return languageSchema.catch('en').parse(language);
}
export function problem(
  kind: ProblemKind,
  path: string,
  language: string,
  values: Record<string, string> = {},
): MailMergeRowProblem {
  const template = problemMessages[mergeLanguage(language)][kind];
  const message = template.replaceAll(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return { path, message, i18n: `mailMerge.problems.${kind}`, values };
}

/** Country names (in every language Kuvert speaks) and codes, lower-cased → code. */
const countriesByName: ReadonlyMap<string, CountryCode> = new Map(
  countryCodes.flatMap((code) => [
    [code.toLowerCase(), code],
    ...languages.map((language) => [countryName(code, language).toLowerCase(), code] as const),
  ]),
);

export function countryOf(value: string): CountryCode | undefined {
  return countriesByName.get(value.trim().toLowerCase());
}

const cellOf = (cells: readonly string[], column: number | undefined): string =>
  column === undefined ? '' : (cells[column] ?? '').trim();

/** The address lines of one-line cells: line breaks inside a cell become spaces. */
const oneLine = (value: string) => value.replaceAll(/\s*[\r\n]+\s*/g, ', ');

/** The e-mail address of a row, lower-cased, for looking up Kuvert users. */
export function emailOfRow(cells: readonly string[], mapping: MergeMapping): string {
  return cellOf(cells, mapping.fields.email).toLowerCase();
}

export function placeholderValues(
  cells: readonly string[],
  mapping: MergeMapping,
): Map<string, string> {
  return new Map(
    Object.entries(mapping.placeholders).map(([name, column]) => [
      placeholderKey(name),
      (cells[column] ?? '').trim(),
    ]),
  );
}

export function resolveRow(
  row: number,
  cells: readonly string[],
  context: MergeContext,
): ResolvedRow {
  const { mapping, language } = context;
  const field = (name: keyof MergeMapping['fields']) =>
    oneLine(cellOf(cells, mapping.fields[name]));
  const name = [field('first_name'), field('name')].filter((part) => part !== '').join(' ');
  const values = placeholderValues(cells, mapping);
  const subject = renderTemplate(context.subject, values).trim();
  const body = renderTemplate(context.body, values).trim();
  const problems: MailMergeRowProblem[] = [];
  if (name === '') problems.push(problem('name', 'name', language));
  if (subject === '' || subject.length > LETTER_SUBJECT_MAX_LENGTH) {
    problems.push(
      problem('subject', 'subject', language, { max: String(LETTER_SUBJECT_MAX_LENGTH) }),
    );
  }
  if (body.length > LETTER_BODY_MAX_LENGTH) {
    problems.push(problem('body', 'body', language, { max: String(LETTER_BODY_MAX_LENGTH) }));
  }

  const email = emailOfRow(cells, mapping);
  const user = email === '' ? undefined : context.kuvertUsers.get(email);
  const base = { row, name, subject, body };
  if (user) {
    return {
      ...base,
      recipient: problems.length === 0 ? { channel: 'kuvert', name, email, user } : null,
      addressLines: [],
      problems,
    };
  }

  const street = field('street');
  const postcode = field('postcode');
  const city = field('city');
  const organisation = field('organisation');
  const countryCell = field('country');
  const hasAddress = street !== '' || postcode !== '' || city !== '';
  if (!hasAddress) {
    problems.push(
      email === ''
        ? problem('noAddress', 'street', language)
        : problem('emailUnknown', 'email', language, { email }),
    );
    return { ...base, recipient: null, addressLines: [], problems };
  }

  const addressProblems: MailMergeRowProblem[] = [];
  if (street === '') addressProblems.push(problem('street', 'street', language));
  if (postcode === '') addressProblems.push(problem('postcode', 'postcode', language));
  if (city === '') addressProblems.push(problem('city', 'city', language));
  const country = countryCell === '' ? mapping.default_country : countryOf(countryCell);
  if (country === undefined) {
    addressProblems.push(problem('country', 'country', language, { value: countryCell }));
  }
  for (const [key, value, max] of [
    ['name', name, POSTAL_FIELD_MAX_LENGTH],
    ['organisation', organisation, POSTAL_FIELD_MAX_LENGTH],
    ['street', street, POSTAL_FIELD_MAX_LENGTH],
    ['postcode', postcode, POSTCODE_MAX_LENGTH],
    ['city', city, POSTAL_FIELD_MAX_LENGTH],
  ] as const) {
    if (value.length > max) {
      addressProblems.push(problem('tooLong', key, language, { field: key, max: String(max) }));
    }
  }
  const rule = country === undefined ? undefined : postcodeRules[country];
  if (country && rule && postcode !== '' && !rule.pattern.test(postcode)) {
    addressProblems.push(
      problem('postcodeFormat', 'postcode', language, { postcode, country, example: rule.example }),
    );
  }
  let addressLines: string[] = [];
  let address: PostalAddress | undefined;
  if (country !== undefined) {
    address = { name, organisation, street, postcode, city, country };
    addressLines = postalAddressLines(address, context.sender);
    for (const index of linesTooWide(addressLines)) {
      addressProblems.push(
        problem('tooWide', 'address', language, { line: addressLines[index] ?? '' }),
      );
    }
  }
  if (email !== '' && addressProblems.length > 0) {
    addressProblems.unshift(problem('emailUnknown', 'email', language, { email }));
  }
  problems.push(...addressProblems);
  return {
    ...base,
    recipient: problems.length === 0 && address ? { channel: 'postal', address } : null,
    addressLines,
    problems,
  };
}

/** The reason a failed row gives in its result and in the failed-rows CSV. */
export function reasonOf(problems: readonly MailMergeRowProblem[]): string {
  return problems.map((entry) => entry.message).join(' ');
}
