import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { fillByteRange } from '../plugins/processing/pades-signature.ts';
import { addSignatureField } from '../plugins/processing/pdf-pades-placeholder.ts';
import { originalPdf } from './sealing.ts';

/**
 * Certificate authorities for the sealing tests, made with OpenSSL as an operator or a
 * time-stamping service would: an operator's CA with a seal certificate in a PKCS#12 file, and
 * a time-stamping authority that stamps a PDF.
 */

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'pipe' });
}

/** An operator's CA and a seal certificate it issued, as a PKCS#12 file made by OpenSSL. */
export function operatorPkcs12(folder: string, password: string): { p12: string; ca: string } {
  const file = (name: string) => path.join(folder, name);
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key')].concat([
      '-out',
      file('ca.pem'),
      '-days',
      '3650',
      '-subj',
      '/O=Operator GmbH/CN=Operator Root CA',
    ]),
  );
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('seal.key')].concat([
      '-out',
      file('seal.csr'),
      '-subj',
      '/O=Operator GmbH/CN=Operator Document Seal',
    ]),
  );
  writeFileSync(file('seal.ext'), 'keyUsage=critical,digitalSignature,nonRepudiation\n');
  openssl(
    [
      'x509',
      '-req',
      '-in',
      file('seal.csr'),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
    ].concat([
      '-CAcreateserial',
      '-out',
      file('seal.pem'),
      '-days',
      '365',
      '-extfile',
      file('seal.ext'),
    ]),
  );
  openssl(
    ['pkcs12', '-export', '-inkey', file('seal.key'), '-in', file('seal.pem')].concat([
      '-certfile',
      file('ca.pem'),
      '-out',
      file('seal.p12'),
      '-passout',
      `pass:${password}`,
    ]),
  );
  return { p12: file('seal.p12'), ca: file('ca.pem') };
}

const TSA_CONFIG = `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = SERIAL
crypto_device = builtin
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
ess_cert_id_alg = sha256
`;

/**
 * A PDF whose only signature is a document time-stamp (RFC 3161), as PAdES-LTA files carry:
 * the CMS signs a TSTInfo whose message imprint is the SHA-256 of the signed bytes. Made by a
 * throw-away time-stamping authority with OpenSSL.
 */
export async function timeStampedPdf(folder: string): Promise<Uint8Array> {
  const file = (name: string) => path.join(folder, name);
  const document = await PDFDocument.load(await originalPdf('Time-stamped', 1));
  const contentsBytes = 8192;
  addSignatureField(document, contentsBytes, new Date());
  const composed = await document.save({ useObjectStreams: false });
  const { bytes, contentsStart, contentsEnd } = fillByteRange(composed, contentsBytes);
  writeFileSync(
    file('ts-signed.bin'),
    Buffer.concat([bytes.subarray(0, contentsStart), bytes.subarray(contentsEnd)]),
  );
  writeFileSync(file('tsa.serial'), '01\n');
  writeFileSync(file('tsa.cnf'), TSA_CONFIG.replace('SERIAL', file('tsa.serial')));
  openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
      .concat(['-keyout', file('tsa.key'), '-out', file('tsa.pem'), '-subj', '/CN=Test TSA'])
      .concat(['-addext', 'extendedKeyUsage=critical,timeStamping']),
  );
  openssl([
    'ts',
    '-query',
    '-data',
    file('ts-signed.bin'),
    '-sha256',
    '-cert',
    '-out',
    file('q.tsq'),
  ]);
  openssl(
    ['ts', '-reply', '-config', file('tsa.cnf'), '-queryfile', file('q.tsq')].concat([
      '-inkey',
      file('tsa.key'),
      '-signer',
      file('tsa.pem'),
      '-out',
      file('r.tsr'),
    ]),
  );
  openssl(['ts', '-reply', '-in', file('r.tsr'), '-token_out', '-out', file('token.der')]);
  const token = readFileSync(file('token.der'));
  bytes.write(token.toString('hex'), contentsStart + 1, 'latin1');
  return new Uint8Array(bytes);
}
