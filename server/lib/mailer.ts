import nodemailer from 'nodemailer';
import type { Queryable } from '../db/index.ts';
import { HttpError } from './errors.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the e-mail (a purchase order's PDF). The outbox keeps only their names and sizes. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  /** True when e-mails go to the `mail_outbox` table (no SMTP_URL): development and tests. */
  readonly usesOutbox: boolean;
  /**
   * Sends one e-mail; 503 when the SMTP server fails. Call it after the transaction commits: an SMTP
   * round trip must not hold a transaction (on PGlite it would block every other request).
   */
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP through nodemailer when `smtpUrl` is set, else the outbox table. Nothing here logs the
 * body: it carries codes and recovery links.
 */
export function createMailer(
  db: Queryable,
  opts: { smtpUrl?: string; mailFrom: string },
  log?: { error(obj: object, msg: string): void },
): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, { from: opts.mailFrom });
    return {
      usesOutbox: false,
      async send(mail) {
        try {
          await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
        } catch (err) {
          // The message only: the e-mail itself carries codes and links.
          log?.error({ smtpError: (err as Error).message }, 'falha ao enviar e-mail');
          throw new HttpError(503, 'MAIL_UNAVAILABLE', 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.');
        }
      },
    };
  }
  return {
    usesOutbox: true,
    async send(mail) {
      await db.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body, attachments) VALUES ($1, $2, $3, $4, $5::jsonb)', [
        mail.to,
        mail.subject,
        mail.text,
        mail.html ?? null,
        mail.attachments?.length ? JSON.stringify(mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }))) : null,
      ]);
    },
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
