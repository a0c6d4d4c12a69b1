/**
 * The one way the API sends mail: through nodemailer to the SMTP server of `SMTP_URL`, or, when
 * none is configured, into the `outbox` table, where an admin can read it at /admin/outbox — so
 * invitations and password resets also work on a machine without a mail server.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { keepInOutbox } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post of a price alert. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Sends (or keeps) one message; throws when it could not. Inside a transaction pass its
   * handle as `db`, so a message kept in the outbox is undone with the rest.
   */
  send(message: MailMessage, db?: Database): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; db: Database }): Mailer {
  if (!options.smtpUrl) return { send: (message, db = options.db) => keepInOutbox(db, message) };
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

const mailers = new WeakMap<FastifyInstance['db'], Mailer>();

/** The app's mailer, made on first use from its configuration. */
export function mailerOf(app: Pick<FastifyInstance, 'config' | 'db'>): Mailer {
  let mailer = mailers.get(app.db);
  if (!mailer) {
    mailer = createMailer({ smtpUrl: app.config.smtpUrl, from: app.config.mailFrom, db: app.db });
    mailers.set(app.db, mailer);
  }
  return mailer;
}
