import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { invitationMail, passwordResetMail } from './mail-templates.ts';
import { createMailer } from './mailer.ts';

const entries: unknown[] = [];
const silentLog = {
  entries,
  level: 'info',
  info(...args: unknown[]) {
    this.entries.push(args);
  },
  error() {},
  warn() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  child() {
    return this;
  },
};

/** Undoes quoted-printable soft line breaks and escapes, enough to read links back. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('mailer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: Array<{ from: string; to: string[]; raw: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const address = server.server.address();
    const port = address && typeof address === 'object' ? address.port : 0;

    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Kuvert <mail@kuvert.example>',
    });
    const mailer = createMailer(config, silentLog);
    expect(mailer.destination).toBe(`SMTP 127.0.0.1:${port}`);
    await mailer.send(
      passwordResetMail({
        to: 'ada@example.com',
        language: 'en',
        firstName: 'Ada',
        link: 'https://kuvert.example/reset/password/abc',
      }),
    );

    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('mail@kuvert.example');
    expect(received[0]?.to).toEqual(['ada@example.com']);
    const raw = decodeQuotedPrintable(received[0]?.raw ?? '');
    expect(raw).toContain('Subject: Reset your Kuvert password');
    expect(raw).toContain('https://kuvert.example/reset/password/abc');
    expect(raw).toContain('Content-Type: text/html');
    // RFC 3834: written by a machine, so no auto-responder answers it.
    expect(raw).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
  });

  it('writes a parseable .eml file into the data folder and logs its links', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dataDir });
    const mailer = createMailer(config, silentLog);
    const link = 'http://localhost:3000/verify/email?token=some-long-token-value-0123456789';
    await mailer.send(
      invitationMail({ to: 'jörg@example.com', language: 'de', firstName: 'Jörg', link }),
    );

    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    const separator = eml.search(/\r?\n\r?\n/);
    const headers = eml.slice(0, separator);
    expect(headers).toMatch(/^From: Kuvert <no-reply@kuvert.localhost>$/m);
    expect(headers).toMatch(/^To: /m);
    expect(headers).toMatch(/^Subject: /m);
    expect(headers).toMatch(/^MIME-Version: 1.0$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(headers).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(decodeQuotedPrintable(eml.slice(separator))).toContain(link);
    expect(silentLog.entries).toContainEqual([
      { to: 'jörg@example.com', subject: 'Ihre Einladung zu Kuvert', links: [link] },
      expect.stringContaining(dataDir),
    ]);
  });

  it('carries attachments, as the receipt of a form sends its PDF', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), silentLog);
    const pdf = Buffer.from('%PDF-1.4\n% the receipt\n%%EOF\n');
    await mailer.send({
      to: 'visitor@example.com',
      subject: 'Your answers',
      text: 'Attached.',
      attachments: [
        { filename: 'F-2026-AAAA-BBBB.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });
    const [file] = readdirSync(path.join(dataDir, 'mail'));
    const eml = readFileSync(path.join(dataDir, 'mail', file ?? ''), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(eml.slice(0, eml.search(/\r?\n\r?\n/))).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=F-2026-AAAA-BBBB\.pdf/);
    expect(eml).toContain(pdf.toString('base64'));
  });
});
