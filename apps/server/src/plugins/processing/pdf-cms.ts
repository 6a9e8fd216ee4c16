import { createHash, createPrivateKey, sign, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealKey } from './tasks.ts';

/**
 * Runs in a processing child. The CMS SignedData of a PAdES B-B signature (ETSI EN 319 142):
 * detached, signed attributes contentType, messageDigest and ESS signing-certificate-v2, no
 * signingTime (the time is the signature dictionary's /M), the seal certificate and its chain.
 * Built with pkijs, signed with node:crypto (RSA or ECDSA keys).
 */

export const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

function derOfPem(pem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(new X509Certificate(pem).raw);
}

function certificateOf(pem: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(derOfPem(pem));
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** ESS signing-certificate-v2 (RFC 5035): binds the signature to this very certificate. */
function signingCertificateV2(certificate: pkijs.Certificate, der: Uint8Array): asn1js.Sequence {
  const generalNames = new asn1js.Sequence({
    value: [
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 4 }, // [4] directoryName
        value: [certificate.issuer.toSchema()],
      }),
    ],
  });
  const issuerSerial = new asn1js.Sequence({
    value: [
      generalNames,
      new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      // hashAlgorithm left out: its DEFAULT is SHA-256.
      new asn1js.OctetString({ valueHex: createHash('sha256').update(der).digest() }),
      issuerSerial,
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function signatureAlgorithmFor(keyType: string | undefined): pkijs.AlgorithmIdentifier {
  if (keyType === 'rsa') {
    return new pkijs.AlgorithmIdentifier({
      algorithmId: oids.rsaEncryption,
      algorithmParams: new asn1js.Null(),
    });
  }
  if (keyType === 'ec') return new pkijs.AlgorithmIdentifier({ algorithmId: oids.ecdsaWithSha256 });
  throw new Error(`The seal key is of a kind Kuvert cannot sign with (${keyType ?? 'unknown'}).`);
}

/** DER of the detached CMS signature over content whose SHA-256 is `contentDigest`. */
export function createCadesSignature(contentDigest: Uint8Array, seal: SealKey): Uint8Array {
  const privateKey = createPrivateKey(seal.privateKeyPem);
  const signerDer = derOfPem(seal.certificatePem);
  const signer = pkijs.Certificate.fromBER(signerDer);
  const signedAttributes = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      attribute(oids.contentType, new asn1js.ObjectIdentifier({ value: oids.data })),
      attribute(oids.messageDigest, new asn1js.OctetString({ valueHex: contentDigest })),
      attribute(oids.signingCertificateV2, signingCertificateV2(signer, signerDer)),
    ],
  });
  // The signature is over the attributes DER-encoded as a SET (RFC 5652 §5.4).
  const toBeSigned = new asn1js.Set({
    value: signedAttributes.attributes.map((item) => item.toSchema()),
  }).toBER(false);
  const signature = sign('sha256', new Uint8Array(toBeSigned), privateKey);
  const sha256 = new pkijs.AlgorithmIdentifier({ algorithmId: oids.sha256 });
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: signer.issuer,
      serialNumber: signer.serialNumber,
    }),
    digestAlgorithm: sha256,
    signedAttrs: signedAttributes,
    signatureAlgorithm: signatureAlgorithmFor(privateKey.asymmetricKeyType),
    signature: new asn1js.OctetString({ valueHex: signature }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oids.data }),
    certificates: [signer, ...seal.chainPems.map(certificateOf)],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: oids.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
