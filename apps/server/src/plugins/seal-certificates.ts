import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Makes Kuvert's self-issued CA and the seal certificate it signs (X.509 built with pkijs,
 * signed with node:crypto). P-256 keys: made in about a millisecond, so a first start (and
 * every test app with its own DATA_DIR) stays fast; every PDF reader that checks PAdES reads
 * ECDSA (Acrobat since X, poppler/NSS, OpenSSL).
 */

export const CA_COMMON_NAME = 'Kuvert self-issued CA';
export const SEAL_COMMON_NAME = 'Kuvert document seal (self-issued)';
const ORGANISATION = 'Kuvert';

const CA_YEARS = 30;
const SEAL_YEARS = 10;

const oid = {
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export interface IssuedCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

export interface SelfIssuedSeal {
  ca: IssuedCertificate;
  seal: IssuedCertificate;
}

function toPem(label: string, der: ArrayBuffer | Uint8Array): string {
  const base64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString(
    'base64',
  );
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function rdn(type: string, value: string): asn1js.Set {
  const attribute = new pkijs.AttributeTypeAndValue({
    type,
    value: new asn1js.Utf8String({ value }),
  });
  return new asn1js.Set({ value: [attribute.toSchema()] });
}

/** O=Kuvert, CN=…: one attribute per RDN (pkijs would put both into one multi-valued RDN). */
function nameOf(commonName: string): pkijs.RelativeDistinguishedNames {
  const name = new asn1js.Sequence({
    value: [rdn(oid.organisation, ORGANISATION), rdn(oid.commonName, commonName)],
  });
  return pkijs.RelativeDistinguishedNames.fromBER(name.toBER(false));
}

/** keyUsage bits, numbered as in RFC 5280 (0 = digitalSignature). */
function keyUsage(bits: number[]): pkijs.Extension {
  const value = new Uint8Array(2);
  for (const bit of bits) value.set([(value.at(bit >> 3) ?? 0) | (0x80 >> (bit % 8))], bit >> 3);
  const length = Math.max(...bits) + 1;
  const bytes = Math.ceil(length / 8);
  const unused = bytes * 8 - length;
  const bitString = new asn1js.BitString({ valueHex: value.slice(0, bytes), unusedBits: unused });
  return new pkijs.Extension({
    extnID: oid.keyUsage,
    critical: true,
    extnValue: bitString.toBER(false),
  });
}

function keyIdentifier(publicKeyDer: Uint8Array): Uint8Array {
  return createHash('sha1').update(publicKeyDer).digest();
}

function serialNumber(): asn1js.Integer {
  const bytes = randomBytes(16);
  // Positive, and never starting with a zero byte (DER would drop it).
  bytes.writeUInt8(((bytes.at(0) ?? 0) & 0x7f) | 0x01, 0);
  return new asn1js.Integer({ valueHex: bytes });
}

/** UTCTime until 2049, GeneralizedTime from 2050 on (RFC 5280 §4.1.2.5). */
function timeOf(date: Date): pkijs.Time {
  return new pkijs.Time({ type: date.getUTCFullYear() < 2050 ? 0 : 1, value: date });
}

interface CertificateRequest {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  issuerPublicKey: KeyObject;
  signingKey: KeyObject;
  isCa: boolean;
  keyUsageBits: number[];
  years: number;
  now: Date;
}

function issue(request: CertificateRequest): ArrayBuffer {
  const spkiDer = new Uint8Array(request.publicKey.export({ type: 'spki', format: 'der' }));
  const issuerSpkiDer = new Uint8Array(
    request.issuerPublicKey.export({ type: 'spki', format: 'der' }),
  );
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = serialNumber();
  certificate.subject = nameOf(request.subject);
  certificate.issuer = nameOf(request.issuer);
  // A minute back: a reader whose clock is slightly behind still sees it as valid.
  // Whole seconds: a GeneralizedTime with fractions is not valid DER for X.509 (RFC 5280).
  const notBefore = new Date(Math.floor(request.now.getTime() / 1000) * 1000 - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + request.years);
  certificate.notBefore = timeOf(notBefore);
  certificate.notAfter = timeOf(notAfter);
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(spkiDer);
  const basicConstraints = new pkijs.BasicConstraints({ cA: request.isCa });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: oid.basicConstraints,
      critical: true,
      extnValue: basicConstraints.toSchema().toBER(false),
    }),
    keyUsage(request.keyUsageBits),
    new pkijs.Extension({
      extnID: oid.subjectKeyIdentifier,
      critical: false,
      extnValue: new asn1js.OctetString({ valueHex: keyIdentifier(spkiDer) }).toBER(false),
    }),
    new pkijs.Extension({
      extnID: oid.authorityKeyIdentifier,
      critical: false,
      extnValue: new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: keyIdentifier(issuerSpkiDer) }),
      })
        .toSchema()
        .toBER(false),
    }),
  ];
  const algorithm = new pkijs.AlgorithmIdentifier({ algorithmId: oid.ecdsaWithSha256 });
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  const tbs = certificate.encodeTBS().toBER(false);
  const signature = sign('sha256', new Uint8Array(tbs), request.signingKey);
  certificate.signatureValue = new asn1js.BitString({ valueHex: signature });
  return certificate.toSchema(true).toBER(false);
}

function pkcs8Pem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A new CA ("Kuvert self-issued CA") and a seal certificate it issued, with their keys. */
export function createSelfIssuedSeal(now: Date): SelfIssuedSeal {
  const caKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sealKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caDer = issue({
    subject: CA_COMMON_NAME,
    issuer: CA_COMMON_NAME,
    publicKey: caKeys.publicKey,
    issuerPublicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    isCa: true,
    keyUsageBits: [5, 6], // keyCertSign, cRLSign
    years: CA_YEARS,
    now,
  });
  const sealDer = issue({
    subject: SEAL_COMMON_NAME,
    issuer: CA_COMMON_NAME,
    publicKey: sealKeys.publicKey,
    issuerPublicKey: caKeys.publicKey,
    signingKey: caKeys.privateKey,
    isCa: false,
    keyUsageBits: [0, 1], // digitalSignature, nonRepudiation
    years: SEAL_YEARS,
    now,
  });
  return {
    ca: { certificatePem: toPem('CERTIFICATE', caDer), privateKeyPem: pkcs8Pem(caKeys.privateKey) },
    seal: {
      certificatePem: toPem('CERTIFICATE', sealDer),
      privateKeyPem: pkcs8Pem(sealKeys.privateKey),
    },
  };
}

export { toPem };
