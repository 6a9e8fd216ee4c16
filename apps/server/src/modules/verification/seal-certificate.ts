import { createHash, X509Certificate } from 'node:crypto';
import type { SealIdentity } from '../../plugins/seal-identity.ts';

/** A chain longer than this is not one Kuvert made or an operator would use. */
const MAX_CHAIN_LENGTH = 8;

function parseCertificate(pem: string): X509Certificate | undefined {
  try {
    return new X509Certificate(pem);
  } catch {
    return undefined;
  }
}

function isIssuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}

/** Hex SHA-256 of a certificate's DER, as SealIdentity.fingerprint256 has it. */
export function fingerprintOf(certificate: X509Certificate): string {
  return createHash('sha256').update(certificate.raw).digest('hex');
}

/** Follows issuers through `chain` until Kuvert's CA issued one of them. */
function chainsTo(
  certificate: X509Certificate,
  chain: X509Certificate[],
  root: X509Certificate,
): boolean {
  let current = certificate;
  for (let step = 0; step < MAX_CHAIN_LENGTH; step += 1) {
    if (isIssuedBy(current, root)) return true;
    const issuer = chain.find(
      (candidate) => candidate.raw.compare(current.raw) !== 0 && isIssuedBy(current, candidate),
    );
    if (!issuer) return false;
    current = issuer;
  }
  return false;
}

/**
 * Whether a signing certificate is this Kuvert's seal: the very seal certificate, or (for the
 * CA Kuvert made itself, which issues nothing but seals) any certificate that CA issued, so
 * that documents sealed before a new seal certificate was made still count. An operator's
 * CA may issue certificates to anyone, so there only the seal certificate itself counts.
 */
export function isKuvertSealCertificate(
  seal: Pick<SealIdentity, 'caCertificatePem' | 'fingerprint256' | 'isSelfIssued'>,
  certificatePem: string | null,
  chainPems: string[],
): boolean {
  if (!certificatePem) return false;
  const certificate = parseCertificate(certificatePem);
  if (!certificate) return false;
  const expected = seal.fingerprint256.replaceAll(':', '').toLowerCase();
  if (fingerprintOf(certificate) === expected) return true;
  if (!seal.isSelfIssued) return false;
  const root = parseCertificate(seal.caCertificatePem);
  if (!root) return false;
  const chain = chainPems.flatMap((pem) => parseCertificate(pem) ?? []);
  return chainsTo(certificate, chain, root);
}
