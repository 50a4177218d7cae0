// Outgoing email goes through a provider: the default writes each message to the log (for
// development: the reset link is right there; in production the body, which holds one-time
// codes, is withheld), `smtp` sends through nodemailer, and an app may pass any object with send().

import nodemailer from 'nodemailer';
import type { Logger } from '../../core/index.js';

export interface EmailMessage { to: string; from: string; subject: string; text: string }

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

export function createEmailProvider(
  choice: 'log' | 'smtp' | EmailProvider, smtp: Record<string, unknown> | undefined, logger: Logger, production: boolean,
): EmailProvider {
  if (typeof choice === 'object') return choice;
  if (choice === 'smtp') {
    const transport = nodemailer.createTransport(smtp as Parameters<typeof nodemailer.createTransport>[0]);
    return { send: async (message) => { await transport.sendMail(message); } };
  }
  return {
    send: async (message) => {
      const body = production ? '(body withheld in production: configure email.provider smtp)' : message.text;
      logger.info(`[users-permissions] email to ${message.to}: ${message.subject}\n${body}`);
    },
  };
}
