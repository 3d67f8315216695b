import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config, Logger } from '../config';
import { linksIn, type MailContent } from './message';

/** A mail ready to go: its content plus the Message-ID it keeps on every attempt. */
export interface OutgoingMail extends MailContent {
  messageId: string;
}

/** Hands one mail over; rejects when it was not accepted (the outbox retries it). */
export interface MailTransport {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const options = (from: string, mail: OutgoingMail): SendMailOptions => ({
  from,
  to: mail.to,
  ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: mail.messageId,
  // Never ask the receiving client to load anything or report back.
  disableUrlAccess: true,
  disableFileAccess: true,
});

/** SMTP_URL's server; every step of a conversation is bounded, so a hanging server is a failed attempt. */
function smtpTransport(config: Config): MailTransport {
  const timeout = config.SMTP_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(options(config.MAIL_FROM, mail));
    },
    close: () => transporter.close(),
  };
}

/** File name of a mail: sortable by time, unique by its Message-ID. */
const emlName = (mail: OutgoingMail, at: Date) =>
  `${at.toISOString().replace(/[:.]/g, '-')}-${mail.messageId
    .split('@')[0]!
    .replace(/[^A-Za-z0-9-]/g, '')
    .slice(0, 40)}.eml`;

/** No SMTP server: each mail becomes an .eml file under DATA_DIR/mail, and its subject and links are logged. */
function fileTransport(config: Config, logger: Logger): MailTransport {
  const dir = path.join(config.dataDir, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await composer.sendMail(options(config.MAIL_FROM, mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, emlName(mail, new Date()));
      // Written whole under a temporary name, then renamed, so a reader never sees half a message.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      logger.info(
        { to: mail.to, subject: mail.subject, links: linksIn(mail.text), file },
        'mail written to a file (no SMTP_URL set)',
      );
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(config: Config, logger: Logger): MailTransport {
  return config.SMTP_URL ? smtpTransport(config) : fileTransport(config, logger);
}
