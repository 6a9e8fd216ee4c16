import { z } from 'zod';
import { providerRefSchema } from '../letters/index.ts';
import { signatureRequestStatusSchema, signerStatusSchema } from './letter-signature.ts';

export * from './letter-signature.ts';

/** GET /api/signature-requests/open: waiting for the caller's signature, earliest due first. */
export const openSignatureRequestSchema = z
  .object({
    letter_id: z.string(),
    account_id: z.string(),
    account_name: z.string(),
    subject: z.string(),
    provider: providerRefSchema,
    due_date: z.iso.date(),
    is_overdue: z.boolean(),
    created_at: z.iso.datetime(),
    signers_total: z.number().int(),
    signers_signed: z.number().int(),
  })
  .meta({ id: 'OpenSignatureRequest' });
export type OpenSignatureRequest = z.infer<typeof openSignatureRequestSchema>;

export const openSignatureRequestListSchema = z
  .object({ items: z.array(openSignatureRequestSchema) })
  .meta({ id: 'OpenSignatureRequestList' });
export type OpenSignatureRequestList = z.infer<typeof openSignatureRequestListSchema>;

/**
 * POST /api/verify-document (public, multipart `file`): what Kuvert finds in any PDF.
 * Per signature: `valid` (intact and the signed bytes are the whole file), `changed` (the
 * signed bytes differ from the signature's digest, more was appended after signing, or bytes
 * were written into the signature's unsigned padding), `invalid` (the signature itself does
 * not verify or cannot be read).
 */
export const VERIFY_MAX_BYTES = 25 * 1024 * 1024;
export const verifiedSignatureStates = ['valid', 'changed', 'invalid'] as const;
export const verifiedSignatureStateSchema = z.enum(verifiedSignatureStates);
export type VerifiedSignatureState = z.infer<typeof verifiedSignatureStateSchema>;

/**
 * Why a signature is `changed`: `signed_bytes` (bytes it covers differ from what was signed),
 * `appended` (more was added after the signed revision), `signature_padding` (the signed
 * bytes are intact, but bytes were written into the room the signature left unused inside
 * /Contents, outside what any signature covers).
 */
export const signatureChanges = ['signed_bytes', 'appended', 'signature_padding'] as const;
export const signatureChangeSchema = z.enum(signatureChanges);
export type SignatureChange = z.infer<typeof signatureChangeSchema>;

export const verifiedSignatureSchema = z
  .object({
    state: verifiedSignatureStateSchema,
    signed_by: z.string().nullable().describe("The certificate's subject (common name)"),
    organisation: z.string().nullable(),
    signed_at: z.iso.datetime().nullable(),
    is_kuvert_seal: z.boolean().describe("Sealed with this Kuvert's seal certificate"),
    change: signatureChangeSchema
      .nullable()
      .describe('Why the state is `changed`; null when it is not'),
    /** The request this seal closed, when it is one of this Kuvert's. */
    request: z
      .object({
        subject: z.string(),
        provider_name: z.string(),
        status: signatureRequestStatusSchema,
        sealed_at: z.iso.datetime().nullable(),
        signers: z.array(
          z.object({
            name: z.string(),
            email: z.string(),
            status: signerStatusSchema,
            signed_at: z.iso.datetime().nullable(),
            declined_reason: z.string().nullable(),
            verified_identity: z
              .object({
                issuer: z.string().describe('The identity provider (OpenID Connect issuer)'),
                acr: z.string().nullable().describe('The level of assurance it confirmed'),
              })
              .nullable()
              .describe(
                'Set when they signed with an identity verified over OpenID Connect (as the audit page says it); null when they confirmed with their password',
              ),
          }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'VerifiedSignature' });
export type VerifiedSignature = z.infer<typeof verifiedSignatureSchema>;

/** `unsigned`: no signature at all; otherwise the worst state among the signatures. */
export const verifyOutcomes = ['unsigned', 'valid', 'changed', 'invalid'] as const;
export const verifyOutcomeSchema = z.enum(verifyOutcomes);
export type VerifyOutcome = z.infer<typeof verifyOutcomeSchema>;

export const verifyDocumentResultSchema = z
  .object({
    filename: z.string(),
    sha256: z.string(),
    outcome: verifyOutcomeSchema,
    signatures: z.array(verifiedSignatureSchema),
  })
  .meta({ id: 'VerifyDocumentResult' });
export type VerifyDocumentResult = z.infer<typeof verifyDocumentResultSchema>;
