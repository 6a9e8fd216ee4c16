import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprintOf, isKuvertSealCertificate } from './seal-certificate.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'kuvert-seal-certificates-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function selfSigned(name: string, subject: string): string {
  const certificate = path.join(folder, `${name}.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      ...ecKey,
      '-subj',
      subject,
      '-days',
      '2',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      path.join(folder, `${name}.key`),
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(certificate, 'utf8');
}

function issued(name: string, subject: string, issuer: string): string {
  const request = path.join(folder, `${name}.csr`);
  const certificate = path.join(folder, `${name}.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-new',
      ...ecKey,
      '-subj',
      subject,
      '-keyout',
      path.join(folder, `${name}.key`),
      '-out',
      request,
    ],
    { stdio: 'ignore' },
  );
  const extensions = path.join(folder, `${name}.ext`);
  writeFileSync(
    extensions,
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,nonRepudiation\n',
  );
  execFileSync(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      request,
      '-CA',
      path.join(folder, `${issuer}.pem`),
      '-CAkey',
      path.join(folder, `${issuer}.key`),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      extensions,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(certificate, 'utf8');
}

const kuvertCa = selfSigned('kuvert-ca', '/O=Kuvert/CN=Kuvert self-issued CA');
const earlierSeal = issued(
  'seal-1',
  '/O=Kuvert/CN=Kuvert document seal (self-issued)',
  'kuvert-ca',
);
const currentSeal = issued(
  'seal-2',
  '/O=Kuvert/CN=Kuvert document seal (self-issued)',
  'kuvert-ca',
);
const otherCa = selfSigned('other-ca', '/O=Kuvert/CN=Kuvert self-issued CA');
const lookalike = issued(
  'lookalike',
  '/O=Kuvert/CN=Kuvert document seal (self-issued)',
  'other-ca',
);

function sealOf(isSelfIssued: boolean) {
  return {
    caCertificatePem: kuvertCa,
    fingerprint256: fingerprintOf(new X509Certificate(currentSeal)),
    isSelfIssued,
  };
}

describe('isKuvertSealCertificate', () => {
  it('knows the seal certificate itself, by its fingerprint, also written with colons', () => {
    expect(isKuvertSealCertificate(sealOf(true), currentSeal, [])).toBe(true);
    const colons = new X509Certificate(currentSeal).fingerprint256;
    const seal = { ...sealOf(false), fingerprint256: colons };
    expect(isKuvertSealCertificate(seal, currentSeal, [])).toBe(true);
  });

  it("counts an earlier seal issued by Kuvert's own CA, but not under an operator's CA", () => {
    expect(isKuvertSealCertificate(sealOf(true), earlierSeal, [kuvertCa])).toBe(true);
    expect(isKuvertSealCertificate(sealOf(false), earlierSeal, [kuvertCa])).toBe(false);
  });

  it('refuses a look-alike with the same names from another CA, and anything unreadable', () => {
    expect(isKuvertSealCertificate(sealOf(true), lookalike, [otherCa])).toBe(false);
    expect(isKuvertSealCertificate(sealOf(true), otherCa, [])).toBe(false);
    expect(isKuvertSealCertificate(sealOf(true), null, [])).toBe(false);
    expect(isKuvertSealCertificate(sealOf(true), 'not a certificate', [])).toBe(false);
  });
});
