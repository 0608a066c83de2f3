/**
 * Sending email. With SMTP_URL set, through that SMTP server (nodemailer); otherwise each message is
 * written as an .eml file under MAIL_DIR (default .data/mail), so a local run needs no mail server.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '../db/connect';

export interface OutgoingEmail {
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post); both transports write them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'smtp' or 'files', for logs. */
  kind: 'smtp' | 'files';
  /** Where staff notifications go. */
  staffAddress: string;
  from: string;
  send(email: OutgoingEmail): Promise<void>;
}

/** A setting is missing or wrong: delivery cannot work until someone changes the environment. */
export class MailSetupError extends Error {
  override name = 'MailSetupError';
}

export const defaultMailDir = '.data/mail';
const localStaffAddress = 'staff@localhost';
const localFrom = 'Economy Plumbing website <website@localhost>';

const smtpTransports = new Map<string, Transporter>();

function smtpTransport(url: string): Transporter {
  let transport = smtpTransports.get(url);
  if (!transport) {
    // Short timeouts: a hung server must fail the attempt (it is retried) rather than hold the function.
    transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    smtpTransports.set(url, transport);
  }
  return transport;
}

const fileComposer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** The mailer the environment describes. Throws MailSetupError when SMTP is half configured. */
export function mailerFromEnv(env: Env = process.env): Mailer {
  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) {
    const staffAddress = env.STAFF_EMAIL?.trim();
    const from = env.MAIL_FROM?.trim();
    if (!staffAddress || !from) {
      throw new MailSetupError('SMTP_URL is set but STAFF_EMAIL or MAIL_FROM is not: set both so staff notifications have a recipient and a sender.');
    }
    return {
      kind: 'smtp',
      staffAddress,
      from,
      send: async (email) => {
        await smtpTransport(smtpUrl).sendMail(email);
      },
    };
  }
  const dir = path.resolve(env.MAIL_DIR?.trim() || defaultMailDir);
  return {
    kind: 'files',
    staffAddress: env.STAFF_EMAIL?.trim() || localStaffAddress,
    from: env.MAIL_FROM?.trim() || localFrom,
    send: async (email) => {
      const info = await fileComposer.sendMail(email);
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
    },
  };
}
