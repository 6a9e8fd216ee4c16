import { constants, createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { oids } from './pdf-cms.ts';

/**
 * Runs in a processing child. Checks a CMS SignedData from any PDF, as far as the PDF itself
 * can tell: does messageDigest match the signed bytes, and does the signature over the signed
 * attributes verify with the signer's certificate. Trust (whose certificate it is) is the
 * caller's question. Anything malformed is a `CmsProblem`, never a crash.
 */

export class CmsProblem extends Error {}

const digestNames: Record<string, string> = {
  [oids.sha256]: 'sha256',
  [oids.sha384]: 'sha384',
  [oids.sha512]: 'sha512',
  '1.3.14.3.2.26': 'sha1',
};

/** Signature algorithms whose hash is named by the OID itself. */
const signatureHashes: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};
const RSA_PSS = '1.2.840.113549.1.1.10';
const ED25519 = '1.3.101.112';

export interface CheckedCms {
  signer: X509Certificate | null;
  others: X509Certificate[];
  isDigestValid: boolean;
  isSignatureValid: boolean;
  signingTime: Date | null;
  /** Where the CMS ends, as its own length says: what follows in /Contents is not its own. */
  length: number;
}

function signedDataOf(der: Uint8Array): { signedData: pkijs.SignedData; length: number } {
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new CmsProblem('/Contents is not DER-encoded CMS');
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== oids.signedData) {
      throw new CmsProblem(`/Contents is CMS of type ${contentInfo.contentType}, not SignedData`);
    }
    return {
      signedData: new pkijs.SignedData({ schema: contentInfo.content }),
      length: parsed.offset,
    };
  } catch (error) {
    if (error instanceof CmsProblem) throw error;
    throw new CmsProblem(`/Contents is not CMS SignedData: ${String(error)}`);
  }
}

function certificatesOf(signedData: pkijs.SignedData): X509Certificate[] {
  const certificates: X509Certificate[] = [];
  for (const item of signedData.certificates ?? []) {
    if (!(item instanceof pkijs.Certificate)) continue;
    try {
      certificates.push(new X509Certificate(new Uint8Array(item.toSchema().toBER(false))));
    } catch {
      // A certificate node:crypto cannot read is simply not offered as the signer.
    }
  }
  return certificates;
}

function hex(view: ArrayBuffer | Uint8Array): string {
  return Buffer.from(view instanceof Uint8Array ? view : new Uint8Array(view)).toString('hex');
}

function asPkijs(certificate: X509Certificate): pkijs.Certificate {
  return pkijs.Certificate.fromBER(new Uint8Array(certificate.raw));
}

/** The certificate `sid` names: by issuer and serial number, or by subject key identifier. */
function findSigner(
  signerInfo: pkijs.SignerInfo,
  certificates: X509Certificate[],
): X509Certificate | null {
  const { sid } = signerInfo;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find((certificate) => {
        const candidate = asPkijs(certificate);
        return (
          candidate.serialNumber.isEqual(sid.serialNumber) && candidate.issuer.isEqual(sid.issuer)
        );
      }) ?? null
    );
  }
  if (sid instanceof asn1js.Primitive) {
    const keyId = hex(sid.valueBlock.valueHexView);
    return (
      certificates.find((certificate) => {
        const extension = asPkijs(certificate).extensions?.find(
          (item) => item.extnID === '2.5.29.14',
        );
        const value = extension?.parsedValue;
        return value instanceof asn1js.OctetString && hex(value.valueBlock.valueHexView) === keyId;
      }) ?? null
    );
  }
  return null;
}

function attributeValue(signerInfo: pkijs.SignerInfo, type: string): asn1js.AsnType | undefined {
  return signerInfo.signedAttrs?.attributes.find((item) => item.type === type)?.values[0];
}

function verifySignature(
  data: Uint8Array,
  signerInfo: pkijs.SignerInfo,
  digestName: string,
  signer: X509Certificate,
): boolean {
  const algorithm = signerInfo.signatureAlgorithm.algorithmId;
  const signature = new Uint8Array(signerInfo.signature.valueBlock.valueHexView);
  try {
    if (algorithm === ED25519) return verify(null, data, signer.publicKey, signature);
    if (algorithm === RSA_PSS) {
      const key = {
        key: signer.publicKey,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: constants.RSA_PSS_SALTLEN_AUTO,
      };
      return verify(digestName, data, key, signature);
    }
    return verify(signatureHashes[algorithm] ?? digestName, data, signer.publicKey, signature);
  } catch {
    return false;
  }
}

const TST_INFO = '1.2.840.113549.1.9.16.1.4';

function digestOf(name: string, pieces: Uint8Array[]): Buffer {
  const hash = createHash(name);
  for (const piece of pieces) hash.update(piece);
  return hash.digest();
}

function digestNameOf(algorithm: pkijs.AlgorithmIdentifier): string {
  const name = digestNames[algorithm.algorithmId];
  if (!name) throw new CmsProblem(`Unknown digest algorithm ${algorithm.algorithmId}`);
  return name;
}

interface EmbeddedContent {
  /** What the CMS signs. */
  bytes: Uint8Array;
  /** It names the PDF's bytes by their digest, correctly. */
  isBound: boolean;
  time: Date | null;
}

/**
 * A CMS that carries its content signs that, and the content names the PDF's bytes: a document
 * time-stamp (ETSI.RFC3161: a TSTInfo whose message imprint is their digest), or the old
 * adbe.pkcs7.sha1 (their SHA-1). Undefined for a detached signature.
 */
function embeddedContent(
  signedData: pkijs.SignedData,
  pdfPieces: Uint8Array[],
): EmbeddedContent | undefined {
  const { eContentType, eContent } = signedData.encapContentInfo;
  if (!eContent) return undefined;
  const bytes = new Uint8Array(eContent.getValue());
  if (eContentType === TST_INFO) {
    const tstInfo = pkijs.TSTInfo.fromBER(bytes);
    const { hashAlgorithm, hashedMessage } = tstInfo.messageImprint;
    const imprint = Buffer.from(hashedMessage.valueBlock.valueHexView);
    const isBound = digestOf(digestNameOf(hashAlgorithm), pdfPieces).equals(imprint);
    return { bytes, isBound, time: tstInfo.genTime };
  }
  return { bytes, isBound: digestOf('sha1', pdfPieces).equals(Buffer.from(bytes)), time: null };
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const value = attributeValue(signerInfo, oids.signingTime);
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime
    ? value.toDate()
    : null;
}

/** `pdfPieces` are the signed bytes of the PDF (the two /ByteRange pieces). */
export function checkCms(der: Uint8Array, pdfPieces: Uint8Array[]): CheckedCms {
  const { signedData, length } = signedDataOf(der);
  const [signerInfo] = signedData.signerInfos;
  if (!signerInfo) throw new CmsProblem('The CMS has no signer');
  const certificates = certificatesOf(signedData);
  const signer = findSigner(signerInfo, certificates);
  const others = certificates.filter((certificate) => certificate !== signer);
  const digestName = digestNameOf(signerInfo.digestAlgorithm);
  let embedded: EmbeddedContent | undefined;
  try {
    embedded = embeddedContent(signedData, pdfPieces);
  } catch (error) {
    if (error instanceof CmsProblem) throw error;
    throw new CmsProblem(`The signed content is unreadable: ${String(error)}`);
  }
  const signed = embedded ? [embedded.bytes] : pdfPieces;
  const isBound = embedded?.isBound ?? true;
  const signingTime = embedded?.time ?? signingTimeOf(signerInfo);

  if (!signerInfo.signedAttrs) {
    // No signed attributes: the signature is over the content itself.
    const isValid = signer
      ? verifySignature(Buffer.concat(signed), signerInfo, digestName, signer)
      : false;
    return {
      signer,
      others,
      isDigestValid: isValid && isBound,
      isSignatureValid: isValid,
      signingTime,
      length,
    };
  }
  const messageDigest = attributeValue(signerInfo, oids.messageDigest);
  const isDigestValid =
    isBound &&
    messageDigest instanceof asn1js.OctetString &&
    Buffer.from(messageDigest.valueBlock.valueHexView).equals(digestOf(digestName, signed));
  const signedAttributes = new Uint8Array(signerInfo.signedAttrs.encodedValue);
  const isSignatureValid = signer
    ? verifySignature(signedAttributes, signerInfo, digestName, signer)
    : false;
  return { signer, others, isDigestValid, isSignatureValid, signingTime, length };
}
