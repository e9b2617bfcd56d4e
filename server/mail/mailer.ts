import nodemailer from 'nodemailer';
import type { Env } from '#server/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail through the SMTP server of the settings; `configured` is false without SMTP_HOST. */
export interface Mailer {
  configured: boolean;
  send(message: MailMessage): Promise<void>;
}

export function createMailer(
  env: Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_USER' | 'SMTP_PASSWORD' | 'MAIL_FROM'>,
): Mailer {
  if (!env.SMTP_HOST) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP_HOST is not set')),
    };
  }
  const transport = nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } : undefined,
    // A slow mail server must not keep sockets open for minutes.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from: env.MAIL_FROM, ...message });
    },
  };
}
