// Sends mail over SMTP with nodemailer. The transport is a URL (smtp:// or smtps://, with
// credentials when the server wants them), so any provider's relay or the local catcher fits.
import nodemailer, { type Transporter } from 'nodemailer';
import { HttpError } from '../errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport: Transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (error) {
        throw new HttpError(502, `Could not send the email: ${(error as Error).message}`);
      }
    },
    close: () => transport.close(),
  };
}
