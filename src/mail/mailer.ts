import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (`List-Unsubscribe`, ...). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when a URL is configured; otherwise each message is written to `<dataDir>/outbox` as an
 * .eml file, with its text beside it as a .txt file a person (or `grep`) can read as it is (the
 * .eml is quoted-printable), and its text is logged, so magic links work with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.resolve(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      writeFileSync(file, info.message as Buffer);
      writeFileSync(file.replace(/\.eml$/, '.txt'), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox (no SMTP_URL configured)');
    },
    close: () => transport.close(),
  };
}
