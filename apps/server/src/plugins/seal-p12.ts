import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { toPem } from './seal-certificates.ts';
import type { SealKey } from './processing/document-processing.ts';

/**
 * Reads the operator's PKCS#12 (node-forge: it opens the legacy 3DES/RC2 files that Windows
 * and older tools export as well as OpenSSL 3's AES ones, with RSA or EC keys). The seal
 * certificate is the one whose public key matches the key; the others become its chain,
 * ordered from its issuer upwards.
 */

export class Pkcs12Error extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Pkcs12Error';
  }
}

function derOf(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function keyBags(p12: forge.pkcs12.Pkcs12Pfx): forge.pkcs12.Bag[] {
  const shrouded = forge.pki.oids.pkcs8ShroudedKeyBag ?? '1.2.840.113549.1.12.10.1.2';
  const plain = forge.pki.oids.keyBag ?? '1.2.840.113549.1.12.10.1.1';
  return [
    ...(p12.getBags({ bagType: shrouded })[shrouded] ?? []),
    ...(p12.getBags({ bagType: plain })[plain] ?? []),
  ];
}

/** PKCS#8 DER of a key bag: forge decodes RSA keys itself and leaves others (EC) as ASN.1. */
function keyDer(bag: forge.pkcs12.Bag): Buffer | undefined {
  if (bag.key) {
    return derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)));
  }
  return bag.asn1 ? derOf(bag.asn1) : undefined;
}

function certificatesOf(p12: forge.pkcs12.Pkcs12Pfx): X509Certificate[] {
  const type = forge.pki.oids.certBag ?? '1.2.840.113549.1.12.10.1.3';
  const bags = p12.getBags({ bagType: type })[type] ?? [];
  const certificates: X509Certificate[] = [];
  for (const bag of bags) {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (asn1) certificates.push(new X509Certificate(derOf(asn1)));
  }
  return certificates;
}

function orderChain(leaf: X509Certificate, others: X509Certificate[]): X509Certificate[] {
  const chain: X509Certificate[] = [];
  let current = leaf;
  const remaining = [...others];
  for (;;) {
    if (current.issuer === current.subject) break;
    const index = remaining.findIndex(
      (candidate) => candidate.subject === current.issuer && current.checkIssued(candidate),
    );
    if (index < 0) break;
    const [issuer] = remaining.splice(index, 1);
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

export function readPkcs12(bytes: Uint8Array, password: string): SealKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(Buffer.from(bytes).toString('binary'));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/password|MAC/i.test(message)) {
      throw new Pkcs12Error('SIGNING_P12_PASSWORD does not open the PKCS#12 file.');
    }
    throw new Pkcs12Error(`SIGNING_P12_PATH is not a readable PKCS#12 file (${message}).`);
  }
  const keys = keyBags(p12)
    .map(keyDer)
    .filter((der) => der !== undefined);
  const [keyBytes] = keys;
  if (!keyBytes) throw new Pkcs12Error('The PKCS#12 file holds no private key.');
  const privateKey = createPrivateKey({ key: keyBytes, format: 'der', type: 'pkcs8' });
  const publicDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const certificates = certificatesOf(p12);
  const leaf = certificates.find((certificate) =>
    certificate.publicKey.export({ type: 'spki', format: 'der' }).equals(publicDer),
  );
  if (!leaf) {
    throw new Pkcs12Error('The PKCS#12 file holds no certificate for its private key.');
  }
  const chain = orderChain(
    leaf,
    certificates.filter((certificate) => certificate !== leaf),
  );
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: toPem('CERTIFICATE', leaf.raw),
    chainPems: chain.map((certificate) => toPem('CERTIFICATE', certificate.raw)),
  };
}
