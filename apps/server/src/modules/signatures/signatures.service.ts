import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SenderSignatureStatus } from '@kuvert/shared/sender-api';
import type { LetterSignature, OpenSignatureRequestList } from '@kuvert/shared/signatures';
import { findVerifiedIdentityOf } from '../identity/verified-identities.service.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { publishLiveEvent } from '../events/events.service.ts';
import { todayOf } from '../invoices/invoice-status.ts';
import { findAccountNames } from '../accounts/account-names.service.ts';
import { findLetterOfUser } from '../letters/letters.service.ts';
import {
  findSealedDocumentId,
  findSignatureCopies,
  findUntrashedLettersOfUser,
} from '../letters/signature-copies.service.ts';
import { findProviderRefs } from '../providers/provider-refs.service.ts';
import {
  toLetterSignature,
  toOpenSignatureRequest,
  toSenderSignatureStatus,
} from './signatures.presenter.ts';
import {
  countSignersByRequest,
  findOpenSignerRowsOfUser,
  findProviderLetterIds,
  findRequestById,
} from './signatures.repository.ts';
import { findSigners } from './signers.ts';

/** The letter as the caller sees it, for its `signature` block. */
export interface SignatureLetter {
  id: string;
  signature_request_id: string | null;
  /** The caller's role in the letter's account. */
  role: string;
}

/**
 * Letters a provider knows by id: every provider's letter but the other signers' copies of a
 * signature request (the provider got back only the recipient's); letters from Kuvert users
 * have no provider. Only these report `letter.read`.
 */
export async function filterLettersKnownToProvider<
  Letter extends { id: string; provider_id: string | null; signature_request_id: string | null },
>(db: Kysely<Database>, letters: Letter[]): Promise<Array<Letter & { provider_id: string }>> {
  const copies = letters.filter((letter) => letter.signature_request_id !== null);
  const known = new Set(
    await findProviderLetterIds(
      db,
      copies.map((letter) => letter.id),
    ),
  );
  return letters.filter(
    (letter): letter is Letter & { provider_id: string } =>
      letter.provider_id !== null && (letter.signature_request_id === null || known.has(letter.id)),
  );
}

/** `signature` of GET /api/letters/{id}: null unless the letter belongs to a request. */
export async function getLetterSignature(
  app: FastifyInstance,
  userId: string,
  letter: SignatureLetter,
): Promise<LetterSignature | null> {
  if (!letter.signature_request_id) return null;
  const request = await findRequestById(app.db, letter.signature_request_id);
  if (!request) return null;
  const [signers, sealedDocumentId, identity] = await Promise.all([
    findSigners(app.db, [request.id]),
    findSealedDocumentId(app.db, letter.id),
    findVerifiedIdentityOf(app.db, userId),
  ]);
  return toLetterSignature(request, signers, {
    userId,
    letterId: letter.id,
    role: letter.role,
    sealedDocumentId: sealedDocumentId ?? null,
    today: todayOf(app),
    hasVerifiedIdentity: identity !== undefined,
  });
}

/** The request of a letter the caller may see; 404 for strangers and letters without one. */
export async function requireLetterSignature(
  app: FastifyInstance,
  userId: string,
  letterId: string,
): Promise<LetterSignature> {
  const letter = await findLetterOfUser(app, userId, letterId);
  if (!letter) throw new AppError('NOT_FOUND');
  const signature = await getLetterSignature(app, userId, letter);
  if (!signature) throw new AppError('NOT_FOUND');
  return signature;
}

/**
 * Requests waiting for the caller's own signature, earliest due first, with the copy they
 * sign, its account and the provider: only copies outside the trash of an account they
 * belong to.
 */
async function findOpenRequestsOfUser(db: Kysely<Database>, userId: string, today: string) {
  const signers = await findOpenSignerRowsOfUser(db, userId, today);
  const letters = await findUntrashedLettersOfUser(
    db,
    userId,
    signers.map((signer) => signer.letter_id),
  );
  const [accounts, providers] = await Promise.all([
    findAccountNames(
      db,
      [...letters.values()].map((letter) => letter.account_id),
    ),
    findProviderRefs(
      db,
      signers.map((signer) => signer.provider_id),
    ),
  ]);
  return signers.flatMap((signer) => {
    const letter = letters.get(signer.letter_id);
    const accountName = letter && accounts.get(letter.account_id);
    const provider = providers.get(signer.provider_id);
    if (!letter || accountName === undefined || !provider) return [];
    return [
      {
        letter_id: signer.letter_id,
        account_id: letter.account_id,
        account_name: accountName,
        subject: letter.subject,
        provider_id: signer.provider_id,
        provider_name: provider.name,
        provider_logo_key: provider.logo_key,
        provider_verified_at: provider.verified_at,
        request_id: signer.request_id,
        due_date: signer.due_date,
        created_at: signer.created_at,
      },
    ];
  });
}

/** /open-signature-requests: what waits for the caller's own signature, earliest due first. */
export async function listOpenSignatureRequests(
  app: FastifyInstance,
  userId: string,
): Promise<OpenSignatureRequestList> {
  const today = todayOf(app);
  const rows = await findOpenRequestsOfUser(app.db, userId, today);
  const counts = await countSignersByRequest(
    app.db,
    rows.map((row) => row.request_id),
  );
  return {
    items: rows.map((row) => {
      const count = counts.find((candidate) => candidate.request_id === row.request_id);
      return toOpenSignatureRequest(
        row,
        { total: Number(count?.total ?? 0), signed: Number(count?.signed ?? 0) },
        today,
      );
    }),
  };
}

/** Home: requests in this account waiting for the caller's own signature, not expired. */
export async function countOpenSignatureRequests(
  app: FastifyInstance,
  userId: string,
  accountId: string,
): Promise<number> {
  const signers = await findOpenSignerRowsOfUser(app.db, userId, todayOf(app));
  const letters = await findUntrashedLettersOfUser(
    app.db,
    userId,
    signers.map((signer) => signer.letter_id),
  );
  return signers.filter((signer) => letters.get(signer.letter_id)?.account_id === accountId).length;
}

/** Every account holding a copy hears of it (after the change committed). */
export async function publishSignaturesChanged(
  app: FastifyInstance,
  requestId: string,
): Promise<void> {
  const copies = await findSignatureCopies(app.db, requestId);
  for (const copy of copies) {
    await publishLiveEvent(app, {
      type: 'signatures.changed',
      account_id: copy.account_id,
      letter_id: copy.id,
    });
  }
}

/** `signature` of the Sender API's letter status; null unless the letter belongs to a request. */
export async function getSenderSignatureStatus(
  db: Kysely<Database>,
  requestId: string | null,
): Promise<SenderSignatureStatus | null> {
  if (!requestId) return null;
  const request = await findRequestById(db, requestId);
  if (!request) return null;
  return toSenderSignatureStatus(request, await findSigners(db, [request.id]));
}
