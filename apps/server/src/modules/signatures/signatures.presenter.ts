import type { Language } from '@kuvert/shared/auth';
import type {
  SenderSignatureStatus,
  SenderSignerStatus,
  SignatureWebhookData,
} from '@kuvert/shared/sender-api';
import {
  signatureStrokesSchema,
  type CannotSignReason,
  type LetterSignature,
  type LetterSigner,
  type OpenSignatureRequest,
  type SignatureStrokes,
  type SignerVerifiedIdentity,
} from '@kuvert/shared/signatures';
import type { SealSigner } from '../../plugins/processing/document-processing.ts';
import { isAllowed } from '../../plugins/account-policy.ts';
import type { SignatureRequestRow, SignerWithUserRow } from './signatures.repository.ts';

/** The due date is a day gone by in the server's time zone (`today` from todayOf). */
export function isPastDueDate(request: Pick<SignatureRequestRow, 'due_date'>, today: string) {
  return request.due_date < today;
}

/** Pending and past its due date: the expiry job has not run yet, but nobody may sign. */
export function isExpiredNow(request: SignatureRequestRow, today: string): boolean {
  return (
    request.status === 'expired' || (request.status === 'pending' && isPastDueDate(request, today))
  );
}

function nameOf(signer: SignerWithUserRow): string {
  return signer.signer_name ?? (`${signer.first_name} ${signer.last_name}`.trim() || signer.email);
}

/** What the identity provider confirmed when they signed with a verified identity. */
export function verifiedIdentityOf(signer: SignerWithUserRow): SignerVerifiedIdentity | null {
  if (signer.identified_by !== 'verified_identity' || signer.identity_issuer === null) return null;
  return { issuer: signer.identity_issuer, acr: signer.identity_acr, name: signer.identity_name };
}

export function toLetterSigner(
  signer: SignerWithUserRow,
  userId: string,
  letterId: string,
): LetterSigner {
  return {
    id: signer.id,
    name: nameOf(signer),
    email: signer.email,
    status: signer.status,
    method: signer.method,
    signed_at: signer.signed_at,
    declined_at: signer.declined_at,
    declined_reason: signer.declined_reason,
    is_me: signer.user_id === userId,
    is_this_letter: signer.letter_id === letterId,
    identity_requirement: signer.identity_requirement,
    verified_identity: verifiedIdentityOf(signer),
  };
}

/** Why the caller cannot sign now, or null when they can. */
export function cannotSignReason(
  request: SignatureRequestRow,
  me: SignerWithUserRow | undefined,
  role: string,
  today: string,
): CannotSignReason | null {
  if (me?.status === 'signed') return 'already_signed';
  if (me?.status === 'declined') return 'already_declined';
  if (isExpiredNow(request, today)) return 'expired';
  if (request.status !== 'pending') return 'closed';
  if (!isAllowed(role, 'sign')) return 'viewer';
  if (!me) return 'not_a_signer';
  return null;
}

export interface LetterSignatureContext {
  userId: string;
  /** The copy of the request shown: each signer has their own. */
  letterId: string;
  /** The caller's role in the letter's account. */
  role: string;
  sealedDocumentId: string | null;
  today: string;
  /** Whether the caller has a verified identity now. */
  hasVerifiedIdentity: boolean;
}

export function toLetterSignature(
  request: SignatureRequestRow,
  signers: SignerWithUserRow[],
  context: LetterSignatureContext,
): LetterSignature {
  const me = signers.find((signer) => signer.user_id === context.userId);
  const reason = cannotSignReason(request, me, context.role, context.today);
  return {
    request_id: request.id,
    status: request.status,
    due_date: request.due_date,
    is_overdue: request.status === 'pending' && isPastDueDate(request, context.today),
    completed_at: request.completed_at,
    declined_at: request.declined_at,
    expired_at: request.expired_at,
    cancelled_at: request.cancelled_at,
    seal_status: request.seal_status,
    sealed_document_id: context.sealedDocumentId,
    signers: signers.map((signer) => toLetterSigner(signer, context.userId, context.letterId)),
    my_status: me?.status ?? null,
    can_sign: reason === null,
    cannot_sign_reason: reason,
    needs_verified_identity:
      reason === null && me?.identity_requirement === 'verified' && !context.hasVerifiedIdentity,
  };
}

export function toSenderSigner(signer: SignerWithUserRow): SenderSignerStatus {
  return {
    email: signer.email,
    status: signer.status,
    signed_at: signer.signed_at,
    declined_at: signer.declined_at,
    declined_reason: signer.declined_reason,
    identity_requirement: signer.identity_requirement,
    verified_identity: verifiedIdentityOf(signer),
  };
}

export function toSenderSignatureStatus(
  request: SignatureRequestRow,
  signers: SignerWithUserRow[],
): SenderSignatureStatus {
  return {
    status: request.status,
    due_date: request.due_date,
    completed_at: request.completed_at,
    declined_at: request.declined_at,
    expired_at: request.expired_at,
    cancelled_at: request.cancelled_at,
    sealed_at: request.seal_status === 'sealed' ? request.sealed_at : null,
    signers: signers.map(toSenderSigner),
  };
}

export interface OpenRequestRow {
  letter_id: string;
  account_id: string;
  account_name: string;
  subject: string;
  provider_id: string;
  provider_name: string;
  provider_logo_key: string | null;
  provider_verified_at: string | null;
  request_id: string;
  due_date: string;
  created_at: string;
}

export function toOpenSignatureRequest(
  row: OpenRequestRow,
  counts: { total: number; signed: number },
  today: string,
): OpenSignatureRequest {
  return {
    letter_id: row.letter_id,
    account_id: row.account_id,
    account_name: row.account_name,
    subject: row.subject,
    provider: {
      id: row.provider_id,
      name: row.provider_name,
      has_logo: row.provider_logo_key !== null,
      is_verified: row.provider_verified_at !== null,
    },
    due_date: row.due_date,
    is_overdue: isPastDueDate(row, today),
    created_at: row.created_at,
    signers_total: counts.total,
    signers_signed: counts.signed,
  };
}

/** `data` of the signature.* webhooks. */
export function toSignatureWebhookData(
  request: SignatureRequestRow,
  signers: SignerWithUserRow[],
  context: { externalId: string | null; publicUrl: string },
): SignatureWebhookData {
  const isSealed = request.seal_status === 'sealed';
  return {
    letter_id: request.letter_id,
    external_id: context.externalId,
    status: request.status,
    completed_at: request.completed_at,
    declined_at: request.declined_at,
    expired_at: request.expired_at,
    declined_reason:
      signers.find((signer) => signer.status === 'declined')?.declined_reason ?? null,
    signers: signers.map(toSenderSigner),
    signed_document_url: isSealed
      ? `${context.publicUrl}/api/sender/v1/letters/${encodeURIComponent(request.letter_id)}/signed-document`
      : null,
    signed_document_sha256: isSealed ? request.sealed_sha256 : null,
  };
}

/** One signer as the processing child draws them on the stamp and the audit page. */
export function toSealSigner(signer: SignerWithUserRow): SealSigner {
  return {
    name: nameOf(signer),
    email: signer.email,
    status: signer.status,
    method: signer.method,
    typedName: signer.typed_name,
    strokes: signer.strokes === null ? null : parseStrokes(signer.strokes),
    signedAt: signer.signed_at,
    declinedAt: signer.declined_at,
    declinedReason: signer.declined_reason,
    ipAddress: signer.ip_address,
    userAgent: signer.user_agent,
    identifiedBy: signer.identified_by,
    verifiedIdentity: verifiedIdentityOf(signer),
  };
}

function parseStrokes(json: string): SignatureStrokes | null {
  try {
    const parsed = signatureStrokesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The outcome in a sealed file's name (exported for the test that none is left in English). */
export const sealedFileWords: Record<Language, { signed: string; declined: string }> = {
  en: { signed: 'signed', declined: 'declined' },
  de: { signed: 'unterschrieben', declined: 'abgelehnt' },
  sv: { signed: 'signerad', declined: 'avböjd' },
  da: { signed: 'underskrevet', declined: 'afvist' },
  nb: { signed: 'signert', declined: 'avslått' },
};

/**
 * `<subject> – signed.pdf` (or `– declined.pdf`) in `language`, safe as a file name. English
 * for the sender API, whose clients are programs; a copy's own in its signer's language.
 */
export function sealedFilename(subject: string, status: string, language: Language): string {
  const name = subject.replaceAll(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'document';
  const words = sealedFileWords[language];
  return `${name} – ${status === 'declined' ? words.declined : words.signed}.pdf`;
}

/**
 * The language the sealed pages add after the English: the one most signers use besides
 * English, the first signer's on a tie; English alone when nobody uses another.
 */
export function sealLanguageOf(signerLanguages: readonly Language[]): Language {
  const counts = new Map<Language, number>();
  for (const language of signerLanguages) {
    if (language !== 'en') counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  let chosen: Language = 'en';
  for (const [language, count] of counts) {
    if (count > (counts.get(chosen) ?? 0)) chosen = language;
  }
  return chosen;
}
