import type { Language } from '@kuvert/shared/auth';

/**
 * The words of the pages sealing appends (signatures and audit trail), in every language.
 * The pages are one file for every signer and the provider, and anyone may check the seal
 * later: English always, the signers' language after a slash (see sealLabel).
 */
export interface SealTexts {
  signatures: string;
  auditTrail: string;
  requestDeclined: string;
  signed: string;
  declined: string;
  notSigned: string;
  completed: string;
  typedName: string;
  drawn: string;
  passwordAgain: string;
  session: string;
  identifiedByIssuer: (issuer: string, level: string | null) => string;
  subject: string;
  sender: string;
  requestId: string;
  created: string;
  due: string;
  outcome: string;
  sealedAt: string;
  sealedBy: string;
  certificate: string;
  documents: string;
  file: string;
  signers: string;
  name: string;
  email: string;
  status: string;
  signature: string;
  time: string;
  reason: string;
  ipAddress: string;
  userAgent: string;
  identifiedBy: string;
  verifiedName: string;
  sealedTitle: string;
  footer: string;
}

export const sealTexts: Record<Language, SealTexts> = {
  en: {
    signatures: 'Signatures',
    auditTrail: 'Audit trail',
    requestDeclined: 'This request was declined.',
    signed: 'Signed',
    declined: 'Declined',
    notSigned: 'Not signed',
    completed: 'Completed',
    typedName: 'Typed name',
    drawn: 'Drawn',
    passwordAgain: 'Signed in, password entered again',
    session: 'Signed-in session',
    identifiedByIssuer: (issuer, level) =>
      `identified by ${issuer}${level ? `, level ${level}` : ''}`,
    subject: 'Subject',
    sender: 'Sender',
    requestId: 'Request ID',
    created: 'Created',
    due: 'Due',
    outcome: 'Outcome',
    sealedAt: 'Sealed at',
    sealedBy: 'Sealed by',
    certificate: 'Certificate',
    documents: 'Documents',
    file: 'File',
    signers: 'Signers',
    name: 'Name',
    email: 'E-mail',
    status: 'Status',
    signature: 'Signature',
    time: 'Time',
    reason: 'Reason',
    ipAddress: 'IP address',
    userAgent: 'User agent',
    identifiedBy: 'Identified by',
    verifiedName: 'Verified name',
    sealedTitle: 'sealed',
    footer: 'Sealed with an electronic seal (PAdES) by Kuvert; any change after sealing breaks it.',
  },
  de: {
    signatures: 'Unterschriften',
    auditTrail: 'Prüfprotokoll',
    requestDeclined: 'Diese Anfrage wurde abgelehnt.',
    signed: 'Unterschrieben',
    declined: 'Abgelehnt',
    notSigned: 'Nicht unterschrieben',
    completed: 'Abgeschlossen',
    typedName: 'Getippter Name',
    drawn: 'Gezeichnet',
    passwordAgain: 'Angemeldet, Passwort erneut eingegeben',
    session: 'Angemeldete Sitzung',
    identifiedByIssuer: (issuer, level) =>
      `identifiziert durch ${issuer}${level ? `, Niveau ${level}` : ''}`,
    subject: 'Betreff',
    sender: 'Absender',
    requestId: 'Anfrage-ID',
    created: 'Erstellt',
    due: 'Fällig',
    outcome: 'Ergebnis',
    sealedAt: 'Versiegelt am',
    sealedBy: 'Versiegelt von',
    certificate: 'Zertifikat',
    documents: 'Dokumente',
    file: 'Datei',
    signers: 'Unterzeichnende',
    name: 'Name',
    email: 'E-Mail',
    status: 'Status',
    signature: 'Unterschrift',
    time: 'Zeitpunkt',
    reason: 'Grund',
    ipAddress: 'IP-Adresse',
    userAgent: 'Browser',
    identifiedBy: 'Identifiziert durch',
    verifiedName: 'Verifizierter Name',
    sealedTitle: 'versiegelt',
    footer: 'Von Kuvert elektronisch versiegelt (PAdES); jede spätere Änderung bricht das Siegel.',
  },
  sv: {
    signatures: 'Underskrifter',
    auditTrail: 'Granskningslogg',
    requestDeclined: 'Den här begäran avböjdes.',
    signed: 'Signerad',
    declined: 'Avböjd',
    notSigned: 'Inte signerad',
    completed: 'Slutförd',
    typedName: 'Skrivet namn',
    drawn: 'Ritad',
    passwordAgain: 'Inloggad, lösenordet angavs igen',
    session: 'Inloggad session',
    identifiedByIssuer: (issuer, level) =>
      `identifierad av ${issuer}${level ? `, nivå ${level}` : ''}`,
    subject: 'Ämne',
    sender: 'Avsändare',
    requestId: 'Begärans id',
    created: 'Skapad',
    due: 'Sista dag',
    outcome: 'Resultat',
    sealedAt: 'Förseglad',
    sealedBy: 'Förseglad av',
    certificate: 'Certifikat',
    documents: 'Dokument',
    file: 'Fil',
    signers: 'Undertecknare',
    name: 'Namn',
    email: 'E-post',
    status: 'Status',
    signature: 'Underskrift',
    time: 'Tidpunkt',
    reason: 'Skäl',
    ipAddress: 'IP-adress',
    userAgent: 'Webbläsare',
    identifiedBy: 'Identifierad genom',
    verifiedName: 'Verifierat namn',
    sealedTitle: 'förseglad',
    footer:
      'Förseglad av Kuvert med en elektronisk stämpel (PAdES); varje ändring efter förseglingen bryter den.',
  },
  da: {
    signatures: 'Underskrifter',
    auditTrail: 'Revisionsspor',
    requestDeclined: 'Denne anmodning blev afvist.',
    signed: 'Underskrevet',
    declined: 'Afvist',
    notSigned: 'Ikke underskrevet',
    completed: 'Gennemført',
    typedName: 'Skrevet navn',
    drawn: 'Tegnet',
    passwordAgain: 'Logget ind, adgangskode indtastet igen',
    session: 'Indlogget session',
    identifiedByIssuer: (issuer, level) =>
      `identificeret af ${issuer}${level ? `, niveau ${level}` : ''}`,
    subject: 'Emne',
    sender: 'Afsender',
    requestId: 'Anmodnings-id',
    created: 'Oprettet',
    due: 'Frist',
    outcome: 'Resultat',
    sealedAt: 'Forseglet',
    sealedBy: 'Forseglet af',
    certificate: 'Certifikat',
    documents: 'Dokumenter',
    file: 'Fil',
    signers: 'Underskrivere',
    name: 'Navn',
    email: 'E-mail',
    status: 'Status',
    signature: 'Underskrift',
    time: 'Tidspunkt',
    reason: 'Begrundelse',
    ipAddress: 'IP-adresse',
    userAgent: 'Browser',
    identifiedBy: 'Identificeret ved',
    verifiedName: 'Verificeret navn',
    sealedTitle: 'forseglet',
    footer:
      'Forseglet af Kuvert med et elektronisk segl (PAdES); enhver ændring efter forseglingen bryder det.',
  },
  nb: {
    signatures: 'Signaturer',
    auditTrail: 'Revisjonslogg',
    requestDeclined: 'Denne forespørselen ble avslått.',
    signed: 'Signert',
    declined: 'Avslått',
    notSigned: 'Ikke signert',
    completed: 'Fullført',
    typedName: 'Skrevet navn',
    drawn: 'Tegnet',
    passwordAgain: 'Logget inn, passordet ble skrevet inn på nytt',
    session: 'Innlogget økt',
    identifiedByIssuer: (issuer, level) =>
      `identifisert av ${issuer}${level ? `, nivå ${level}` : ''}`,
    subject: 'Emne',
    sender: 'Avsender',
    requestId: 'Forespørsels-ID',
    created: 'Opprettet',
    due: 'Frist',
    outcome: 'Resultat',
    sealedAt: 'Forseglet',
    sealedBy: 'Forseglet av',
    certificate: 'Sertifikat',
    documents: 'Dokumenter',
    file: 'Fil',
    signers: 'Signatarer',
    name: 'Navn',
    email: 'E-post',
    status: 'Status',
    signature: 'Signatur',
    time: 'Tidspunkt',
    reason: 'Begrunnelse',
    ipAddress: 'IP-adresse',
    userAgent: 'Nettleser',
    identifiedBy: 'Identifisert med',
    verifiedName: 'Verifisert navn',
    sealedTitle: 'forseglet',
    footer:
      'Forseglet av Kuvert med et elektronisk segl (PAdES); enhver endring etter forseglingen bryter det.',
  },
};

type TextKey = {
  [Key in keyof SealTexts]: SealTexts[Key] extends string ? Key : never;
}[keyof SealTexts];

/** "English / the signers' language", or the English alone when both read the same. */
export function sealLabel(language: Language, key: TextKey): string {
  const english = sealTexts.en[key];
  const own = sealTexts[language][key];
  return own === english ? english : `${english} / ${own}`;
}
