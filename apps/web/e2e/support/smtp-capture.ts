import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server that writes every message it receives as an .eml file. */
export async function startSmtpCapture(port: number, mailDir: string): Promise<SMTPServer> {
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        counter += 1;
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const name = `${Date.now()}-${String(counter).padStart(5, '0')}-${recipients}.eml`;
        writeFileSync(path.join(mailDir, name), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
