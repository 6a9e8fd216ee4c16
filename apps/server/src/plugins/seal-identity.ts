import type { SealKey } from './processing/document-processing.ts';

/**
 * The certificate Kuvert seals signed documents with (DESIGN §5, "document sealing"): the
 * operator's PKCS#12 (SIGNING_P12_PATH, SIGNING_P12_PASSWORD), or else a self-issued CA and a
 * seal certificate that Kuvert creates in DATA_DIR on first start and reuses after.
 * Decorated on the app as `app.seal`.
 */
export interface SealIdentity {
  /** What the processing child signs with. */
  key: SealKey;
  /**
   * The root that "sealed by this Kuvert" is checked against: Kuvert's own CA when
   * self-issued, else the top of the operator's chain. PEM.
   */
  caCertificatePem: string;
  /** True for the certificate Kuvert made itself (shown as such, "validity unknown" in Adobe). */
  isSelfIssued: boolean;
  /** The seal certificate's subject common name, e.g. "Kuvert document seal (self-issued)". */
  subjectName: string;
  /** Hex SHA-256 of the seal certificate's DER. */
  fingerprint256: string;
}
