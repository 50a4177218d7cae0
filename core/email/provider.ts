// Outgoing email (users-permissions' and the administration's) goes through a provider: the default writes each message's text part to the
// log (for development: the reset link is right there; in production the body, which holds
// one-time codes, is withheld), `smtp` sends through nodemailer, and an app may pass any object
// with send().

import type nodemailer from 'nodemailer';
import type { Logger } from '../log/logger.js';

/** A sender with a display name; nodemailer takes this shape as it is. */
export interface EmailAddress { name: string; address: string }

export interface EmailMessage {
  to: string;
  from: string | EmailAddress;
  replyTo?: string;
  subject: string;
  text: string;
  /** Sent beside text when a template has an html part. */
  html?: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

/** `label` names the sender in the log lines of the `log` provider ([users-permissions], [admin]). */
export function createEmailProvider(
  choice: 'log' | 'smtp' | EmailProvider, smtp: Record<string, unknown> | undefined, logger: Logger, production: boolean, label: string,
): EmailProvider {
  if (typeof choice === 'object') return choice;
  if (choice === 'smtp') {
    // nodemailer loads with the first message: most starts send none
    let transport: Promise<ReturnType<typeof nodemailer.createTransport>> | undefined;
    return {
      send: async (message) => {
        transport ??= import('nodemailer')
          .then(({ default: mailer }) => mailer.createTransport(smtp as Parameters<typeof mailer.createTransport>[0]))
          .catch((err: unknown) => { transport = undefined; throw err; });
        await (await transport).sendMail(message);
      },
    };
  }
  return {
    send: async (message) => {
      const body = production ? '(body withheld in production: configure email.provider smtp)' : message.text;
      logger.info(`[${label}] email to ${message.to}: ${message.subject}\n${body}`);
    },
  };
}
