import { z } from 'zod';
import { shownText } from '../text/index.ts';

/**
 * Imported by ../letters (a letter's `signature`), so it imports nothing from there.
 *
 * Signature requests (DESIGN §8): a provider asks one or more Kuvert users to sign the PDFs of
 * a letter. When every signer has signed, or one declined, Kuvert seals the documents once
 * with its seal certificate and adds the sealed copy to the letter.
 */

/** `cancelled`: the provider withdrew it while pending. */
export const signatureRequestStatuses = [
  'pending',
  'completed',
  'declined',
  'expired',
  'cancelled',
] as const;
export const signatureRequestStatusSchema = z.enum(signatureRequestStatuses);
export type SignatureRequestStatus = z.infer<typeof signatureRequestStatusSchema>;

export const signerStatuses = ['pending', 'signed', 'declined'] as const;
export const signerStatusSchema = z.enum(signerStatuses);
export type SignerStatus = z.infer<typeof signerStatusSchema>;

/** typed: the name typed and drawn in a handwriting font (the keyboard path); drawn: pointer. */
export const signatureMethods = ['typed', 'drawn'] as const;
export const signatureMethodSchema = z.enum(signatureMethods);
export type SignatureMethod = z.infer<typeof signatureMethodSchema>;

/** Sealing starts once completed or declined; `failed` is retried by the operator's job queue. */
export const sealStatuses = ['sealing', 'sealed', 'failed'] as const;
export const sealStatusSchema = z.enum(sealStatuses);
export type SealStatus = z.infer<typeof sealStatusSchema>;

/**
 * What a provider may require of a signer: `verified`, an identity verified over OpenID
 * Connect (the profile's verification) before they can sign.
 */
export const signerIdentityRequirements = ['verified'] as const;
export const signerIdentityRequirementSchema = z.enum(signerIdentityRequirements);
export type SignerIdentityRequirement = z.infer<typeof signerIdentityRequirementSchema>;

/** What the identity provider confirmed of a signer who signed with a verified identity. */
export const signerVerifiedIdentitySchema = z
  .object({
    issuer: z.string().describe('The identity provider (OpenID Connect issuer)'),
    acr: z.string().nullable().describe('The level of assurance it confirmed'),
    name: z.string().nullable().describe('The name it confirmed'),
  })
  .meta({ id: 'SignerVerifiedIdentity' });
export type SignerVerifiedIdentity = z.infer<typeof signerVerifiedIdentitySchema>;

export const SIGNATURE_MAX_SIGNERS = 20;
export const SIGNATURE_NAME_MAX_LENGTH = 100;
export const SIGNATURE_DECLINE_REASON_MAX_LENGTH = 1000;

/**
 * The drawing box is SIGNATURE_BOX_ASPECT times as wide as it is high. A drawn signature is
 * sent as strokes (vectors, not an image: nothing for the server to decode), each a list of
 * points [x, y] with 0 ≤ x, y ≤ 1 relative to the box, y downwards.
 */
export const SIGNATURE_BOX_ASPECT = 3;
export const SIGNATURE_MAX_STROKES = 100;
export const SIGNATURE_MAX_POINTS = 10_000;

const pointSchema = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);
export const signatureStrokesSchema = z
  .array(z.array(pointSchema).min(1).max(SIGNATURE_MAX_POINTS))
  .min(1)
  .max(SIGNATURE_MAX_STROKES)
  .refine(
    (strokes) => strokes.reduce((sum, stroke) => sum + stroke.length, 0) <= SIGNATURE_MAX_POINTS,
    `At most ${SIGNATURE_MAX_POINTS} points`,
  )
  .meta({ id: 'SignatureStrokes' });
export type SignatureStrokes = z.infer<typeof signatureStrokesSchema>;

/**
 * POST /api/letters/{id}/signature/sign. A session alone cannot sign: the password is asked
 * again (a step-up, limited like login). `consent` is the ticked consent text.
 */
export const signRequestSchema = z
  .object({
    method: signatureMethodSchema,
    typed_name: shownText().min(1).max(SIGNATURE_NAME_MAX_LENGTH).optional(),
    strokes: signatureStrokesSchema.optional(),
    consent: z.literal(true),
    password: z.string().min(1).max(1024),
  })
  .superRefine((value, context) => {
    if (value.method === 'typed' && !value.typed_name) {
      context.addIssue({ code: 'custom', path: ['typed_name'], message: 'Type your name' });
    }
    if (value.method === 'drawn' && !value.strokes) {
      context.addIssue({ code: 'custom', path: ['strokes'], message: 'Draw your signature' });
    }
  })
  .meta({ id: 'SignRequest' });
export type SignRequest = z.infer<typeof signRequestSchema>;

/** POST /api/letters/{id}/signature/decline. */
export const declineRequestSchema = z
  .object({
    reason: z.string().trim().min(1).max(SIGNATURE_DECLINE_REASON_MAX_LENGTH),
  })
  .meta({ id: 'DeclineSignatureRequest' });
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

export const letterSignerSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("The signer's name (as signed, or their profile name)"),
    email: z.string(),
    status: signerStatusSchema,
    method: signatureMethodSchema.nullable(),
    signed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    declined_reason: z.string().nullable(),
    is_me: z.boolean(),
    is_this_letter: z
      .boolean()
      .describe(
        "This letter is the signer's own copy (each signer gets one): the one who signs it for the letter's mailbox",
      ),
    identity_requirement: signerIdentityRequirementSchema
      .nullable()
      .describe('`verified`: the sender requires a verified identity of this signer'),
    verified_identity: signerVerifiedIdentitySchema
      .nullable()
      .describe('Set when they signed with a verified identity'),
  })
  .meta({ id: 'LetterSigner' });
export type LetterSigner = z.infer<typeof letterSignerSchema>;

/**
 * Why the caller cannot sign or decline now: `not_a_signer` (they may see the letter through
 * a shared account), `viewer` (their role there is read-only), `already_signed`,
 * `already_declined`, `closed` (completed, declined by someone, cancelled) or `expired`.
 */
export const cannotSignReasons = [
  'not_a_signer',
  'viewer',
  'already_signed',
  'already_declined',
  'closed',
  'expired',
] as const;
export const cannotSignReasonSchema = z.enum(cannotSignReasons);
export type CannotSignReason = z.infer<typeof cannotSignReasonSchema>;

/** `signature` of a letter of kind signature_request (GET /api/letters/{id}). */
export const letterSignatureSchema = z
  .object({
    request_id: z.string(),
    status: signatureRequestStatusSchema,
    due_date: z.iso.date(),
    is_overdue: z.boolean().describe('Pending and the due date has passed'),
    completed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    expired_at: z.iso.datetime().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
    seal_status: sealStatusSchema.nullable(),
    sealed_document_id: z
      .string()
      .nullable()
      .describe("The sealed copy among this letter's documents, once sealed"),
    signers: z.array(letterSignerSchema),
    my_status: signerStatusSchema.nullable().describe('Null when the caller is not a signer'),
    can_sign: z.boolean(),
    cannot_sign_reason: cannotSignReasonSchema.nullable(),
    needs_verified_identity: z
      .boolean()
      .describe(
        'The sender requires a verified identity of the caller, who has none yet: signing answers 403 IDENTITY_VERIFICATION_REQUIRED until they verify it (declining does not need it)',
      ),
  })
  .meta({ id: 'LetterSignature' });
export type LetterSignature = z.infer<typeof letterSignatureSchema>;
