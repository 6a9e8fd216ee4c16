import { randomBytes, X509Certificate } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config/env.ts';
import type { SealKey } from './processing/document-processing.ts';
import { createSelfIssuedSeal } from './seal-certificates.ts';
import { Pkcs12Error, readPkcs12 } from './seal-p12.ts';

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

/** Under DATA_DIR: `ca.pem`, `ca-key.pem`, `seal.pem`, `seal-key.pem` (keys mode 0600). */
export const SEAL_FOLDER = 'seal';

const files = {
  ca: 'ca.pem',
  caKey: 'ca-key.pem',
  seal: 'seal.pem',
  sealKey: 'seal-key.pem',
} as const;

function commonNameOf(certificate: X509Certificate): string {
  const line = certificate.subject.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice('CN='.length) : certificate.subject;
}

function fingerprintOf(certificate: X509Certificate): string {
  return certificate.fingerprint256.replaceAll(':', '').toLowerCase();
}

function identityOf(key: SealKey, caCertificatePem: string, isSelfIssued: boolean): SealIdentity {
  const certificate = new X509Certificate(key.certificatePem);
  return {
    key,
    caCertificatePem,
    isSelfIssued,
    subjectName: commonNameOf(certificate),
    fingerprint256: fingerprintOf(certificate),
  };
}

function fromPkcs12(p12Path: string, password: string): SealIdentity {
  let bytes: Buffer;
  try {
    bytes = readFileSync(p12Path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new ConfigError([`SIGNING_P12_PATH: cannot read ${p12Path} (${reason}).`]);
  }
  let key: SealKey;
  try {
    key = readPkcs12(bytes, password);
  } catch (error) {
    if (error instanceof Pkcs12Error) throw new ConfigError([`${error.message} (${p12Path})`]);
    throw error;
  }
  const top = key.chainPems.at(-1) ?? key.certificatePem;
  return identityOf(key, top, false);
}

function readSelfIssued(folder: string): SealIdentity {
  const missing = Object.values(files).filter((name) => !existsSync(path.join(folder, name)));
  if (missing.length > 0) {
    throw new ConfigError([
      `${folder} lacks ${missing.join(', ')}: restore the folder from a backup, or move it ` +
        'away to have Kuvert make a new seal (documents sealed before then no longer count as ' +
        'sealed by this Kuvert).',
    ]);
  }
  const read = (name: string) => readFileSync(path.join(folder, name), 'utf8');
  const ca = read(files.ca);
  const key: SealKey = {
    privateKeyPem: read(files.sealKey),
    certificatePem: read(files.seal),
    chainPems: [ca],
  };
  return identityOf(key, ca, true);
}

/**
 * Writes a new CA and seal certificate into a folder of its own, then renames that folder
 * into place: the four files appear together or not at all. When another process got there
 * first, the rename fails and its files are used; ours are thrown away.
 */
function createSelfIssued(dataDir: string, folder: string, now: Date): void {
  mkdirSync(dataDir, { recursive: true });
  const staging = path.join(
    dataDir,
    `.${SEAL_FOLDER}-${process.pid}-${randomBytes(6).toString('hex')}`,
  );
  mkdirSync(staging, { mode: 0o700 });
  try {
    const made = createSelfIssuedSeal(now);
    writeFileSync(path.join(staging, files.ca), made.ca.certificatePem, { mode: 0o644 });
    writeFileSync(path.join(staging, files.caKey), made.ca.privateKeyPem, { mode: 0o600 });
    writeFileSync(path.join(staging, files.seal), made.seal.certificatePem, { mode: 0o644 });
    writeFileSync(path.join(staging, files.sealKey), made.seal.privateKeyPem, { mode: 0o600 });
    try {
      renameSync(staging, folder);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The seal identity for this configuration: the operator's PKCS#12 when SIGNING_P12_PATH is
 * set (a ConfigError names a missing file or a wrong password), else Kuvert's own, made on the
 * first start and read from DATA_DIR/seal after.
 */
export function loadSealIdentity(
  config: Pick<Config, 'dataDir' | 'signing'>,
  options: { now?: Date } = {},
): SealIdentity {
  if (config.signing.p12Path) return fromPkcs12(config.signing.p12Path, config.signing.p12Password);
  const folder = path.join(config.dataDir, SEAL_FOLDER);
  // Missing, or an empty folder someone made: a rename replaces an empty folder.
  if (!existsSync(folder) || readdirSync(folder).length === 0) {
    createSelfIssued(config.dataDir, folder, options.now ?? new Date());
  }
  return readSelfIssued(folder);
}

/** What an operator should hear about the seal at start: it expired, or soon will. */
export function sealCertificateWarnings(identity: SealIdentity, now: Date): string[] {
  const certificate = new X509Certificate(identity.key.certificatePem);
  const validTo = new Date(certificate.validTo);
  const validFrom = new Date(certificate.validFrom);
  if (validTo <= now) {
    return [`The seal certificate expired on ${validTo.toISOString()}: new seals will not verify.`];
  }
  if (validFrom > now) {
    return [`The seal certificate is valid only from ${validFrom.toISOString()}.`];
  }
  const days = Math.floor((validTo.getTime() - now.getTime()) / 86_400_000);
  return days < 30 ? [`The seal certificate expires in ${days} days; replace it in time.`] : [];
}
