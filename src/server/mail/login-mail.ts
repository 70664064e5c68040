// The email passwordless login mail: the 6-digit code and the magic link, with their lifetimes.
import type { MailMessage } from './mailer';

export interface LoginMailContent {
  to: string;
  code: string;
  link: string;
  codeTtlSeconds: number;
  linkTtlSeconds: number;
}

/** '10 minutes', '24 hours', '1 hour' */
function duration(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [Math.round(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function loginMail(content: LoginMailContent): MailMessage {
  const codeFor = duration(content.codeTtlSeconds);
  const linkFor = duration(content.linkTtlSeconds);
  const text = [
    `Your Orrery verification code is ${content.code}. It is valid for ${codeFor}.`,
    '',
    `Or log in with this link, valid for ${linkFor}:`,
    content.link,
    '',
    'If you did not try to log in to Orrery, ignore this email.',
  ].join('\n');
  const html = `<p>Your Orrery verification code is <strong>${content.code}</strong>. It is valid for ${codeFor}.</p>
<p>Or <a href="${escapeHtml(content.link)}">log in with this link</a>, valid for ${linkFor}.</p>
<p>If you did not try to log in to Orrery, ignore this email.</p>`;
  return { to: content.to, subject: `Your Orrery verification code: ${content.code}`, text, html };
}
