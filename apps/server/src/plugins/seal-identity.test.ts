import { spawn } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.ts';
import { createTestApp, testEngines } from '../test/helper.ts';
import { operatorPkcs12 } from '../test/seal-authorities.ts';
import { hasTool, removeTemporaryFolders, runTool, temporaryFolder } from '../test/sealing.ts';
import { loadSealIdentity, SEAL_FOLDER, sealCertificateWarnings } from './seal-identity.ts';

afterAll(removeTemporaryFolders);

const inYears = (years: number) => new Date(Date.now() + years * 365.25 * 86_400_000);

const selfIssued = (dataDir: string) =>
  loadSealIdentity({ dataDir, signing: { p12Path: undefined, p12Password: '' } });

/** Loads the identity in a separate Node process and answers its fingerprint. */
function fingerprintFromAnotherProcess(dataDir: string): Promise<string> {
  const script = `
    const { loadSealIdentity } = await import(${JSON.stringify(path.join(import.meta.dirname, 'seal-identity.ts'))});
    const identity = loadSealIdentity({ dataDir: ${JSON.stringify(dataDir)}, signing: { p12Path: undefined, p12Password: '' } });
    process.stdout.write(identity.fingerprint256);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(errors))));
  });
}

describe('Kuvert’s own seal certificate', () => {
  it('is made once in DATA_DIR, named as self-issued, and reused on the next start', () => {
    const dataDir = temporaryFolder();
    const first = selfIssued(dataDir);
    expect(first.isSelfIssued).toBe(true);
    expect(first.subjectName).toBe('Kuvert document seal (self-issued)');
    const seal = new X509Certificate(first.key.certificatePem);
    const ca = new X509Certificate(first.caCertificatePem);
    expect(ca.subject).toContain('CN=Kuvert self-issued CA');
    expect(ca.ca).toBe(true);
    expect(seal.checkIssued(ca)).toBe(true);
    expect(seal.verify(ca.publicKey)).toBe(true);
    expect(first.key.chainPems).toEqual([first.caCertificatePem]);

    const again = selfIssued(dataDir);
    expect(again.fingerprint256).toBe(first.fingerprint256);
    expect(again.key.privateKeyPem).toBe(first.key.privateKeyPem);
  });

  it('is made in an empty seal folder, and a folder missing a file is named, not replaced', () => {
    const dataDir = temporaryFolder();
    mkdirSync(path.join(dataDir, SEAL_FOLDER));
    expect(selfIssued(dataDir).isSelfIssued).toBe(true);
    rmSync(path.join(dataDir, SEAL_FOLDER, 'seal-key.pem'));
    expect(() => selfIssued(dataDir)).toThrow(ConfigError);
    expect(() => selfIssued(dataDir)).toThrow(/lacks seal-key\.pem: restore the folder/);
  });

  it('warns before it expires (10 years) and once it has', () => {
    const identity = selfIssued(temporaryFolder());
    expect(sealCertificateWarnings(identity, new Date())).toEqual([]);
    expect(sealCertificateWarnings(identity, inYears(9.95))).toEqual([
      expect.stringMatching(/^The seal certificate expires in \d+ days/),
    ]);
    expect(sealCertificateWarnings(identity, inYears(10.1))).toEqual([
      expect.stringMatching(/^The seal certificate expired on/),
    ]);
  });

  it('keeps its private keys readable by the owner only', () => {
    const dataDir = temporaryFolder();
    selfIssued(dataDir);
    for (const file of ['seal-key.pem', 'ca-key.pem']) {
      expect(statSync(path.join(dataDir, SEAL_FOLDER, file)).mode & 0o777).toBe(0o600);
    }
  });

  it.skipIf(!hasTool('openssl'))('may sign documents and nothing else', () => {
    const dataDir = temporaryFolder();
    selfIssued(dataDir);
    const text = runTool('openssl', [
      'x509',
      '-noout',
      '-text',
      '-in',
      path.join(dataDir, SEAL_FOLDER, 'seal.pem'),
    ]);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toContain('CA:FALSE');
  });

  it('ends with one matching set of files when several processes start at once', async () => {
    const dataDir = temporaryFolder();
    const fingerprints = await Promise.all(
      Array.from({ length: 4 }, () => fingerprintFromAnotherProcess(dataDir)),
    );
    expect(new Set(fingerprints).size).toBe(1);
    const identity = selfIssued(dataDir);
    expect(fingerprints[0]).toBe(identity.fingerprint256);
    const seal = new X509Certificate(identity.key.certificatePem);
    expect(seal.checkPrivateKey(createPrivateKey(identity.key.privateKeyPem))).toBe(true);
  });
});

describe.skipIf(!hasTool('openssl'))('the operator’s PKCS#12', () => {
  const folder = temporaryFolder();
  const { p12 } = operatorPkcs12(folder, 'right password');

  it('names a wrong password clearly', () => {
    expect(() =>
      loadSealIdentity({ dataDir: folder, signing: { p12Path: p12, p12Password: 'wrong' } }),
    ).toThrow(/SIGNING_P12_PASSWORD does not open/);
  });

  it('names a missing file clearly', () => {
    const missing = path.join(folder, 'nowhere.p12');
    const load = () =>
      loadSealIdentity({ dataDir: folder, signing: { p12Path: missing, p12Password: 'x' } });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SIGNING_P12_PATH: cannot read .*nowhere\.p12 \(ENOENT\)/);
  });

  it('names a file that is not a PKCS#12', () => {
    const notP12 = path.join(folder, 'seal.pem.p12');
    writeFileSync(notP12, 'not a pkcs12');
    expect(() =>
      loadSealIdentity({ dataDir: folder, signing: { p12Path: notP12, p12Password: 'x' } }),
    ).toThrow(/SIGNING_P12_PATH is not a readable PKCS#12 file/);
  });

  for (const engine of testEngines) {
    it(`is what the app seals with when configured (${engine})`, async () => {
      const test = await createTestApp(engine, {
        SIGNING_P12_PATH: p12,
        SIGNING_P12_PASSWORD: 'right password',
      });
      try {
        expect(test.app.seal.isSelfIssued).toBe(false);
        expect(test.app.seal.subjectName).toBe('Operator Document Seal');
      } finally {
        await test.close();
      }
    });
  }
});

describe('the app’s seal without configuration', () => {
  for (const engine of testEngines) {
    it(`is Kuvert’s own, made in DATA_DIR (${engine})`, async () => {
      const test = await createTestApp(engine);
      try {
        expect(test.app.seal.isSelfIssued).toBe(true);
        const onDisk = readFileSync(
          path.join(test.config.dataDir, SEAL_FOLDER, 'seal.pem'),
          'utf8',
        );
        expect(test.app.seal.key.certificatePem).toBe(onDisk);
      } finally {
        await test.close();
      }
    });
  }
});
