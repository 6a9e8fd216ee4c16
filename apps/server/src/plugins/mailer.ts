import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config/env.ts';
import { newSecret } from '../db/ids.ts';

/** A file sent with a mail, such as the PDF receipt of a form. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Every mailer here sends them (nodemailer encodes them as MIME parts). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the operator ("SMTP smtp.example.com:587", a folder). */
  readonly destination?: string;
}

/**
 * Every mail Kuvert sends is written by a machine (RFC 3834 §5): out-of-office and other
 * auto-responders do not answer it, so two robots never mail each other in a loop.
 */
const AUTO_SUBMITTED = { 'Auto-Submitted': 'auto-generated' };

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(LINK_PATTERN) ?? [])];
}

/** SMTP via nodemailer; the URL carries host, port, credentials and TLS choice. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  const url = new URL(smtpUrl);
  return {
    destination: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`,
    async send(message) {
      await transport.sendMail({ from, ...message, headers: AUTO_SUBMITTED });
    },
  };
}

/**
 * Zero set-up default: each mail becomes an .eml file in the data folder (any mail program
 * opens it), and its links are logged so a developer can click through a flow.
 */
export function createFileMailer(directory: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = createTransport({ streamTransport: true, buffer: true });
  return {
    destination: directory,
    async send(message) {
      const info = await transport.sendMail({ from, ...message, headers: AUTO_SUBMITTED });
      const content = info.message;
      if (!Buffer.isBuffer(content)) throw new Error('mail transport did not buffer the message');
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(directory, `${stamp}-${newSecret(6)}.eml`);
      await writeFile(file, content);
      log.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text) },
        `mail written to ${file}`,
      );
    },
  };
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createFileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
