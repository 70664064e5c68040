// The mail to someone sent a transfer through their e-mail login (views.md §3.14, spec part 2
// §7 'POST /transaction/sendemail'). The queued object comes from a wallet, so nothing in it is
// trusted: only known fields of known shapes are used, the subject and wording are ours, and
// the HTML is escaped. An object that does not fit is refused (the row fails, never retried).
import { isAddress } from '../../shared/primitives';
import type { MailMessage } from './mailer';

export const TRANSFER_MAIL_SUBJECT = 'You have received a transfer';

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,255}$/u;
const HASH = /^0x[0-9a-fA-F]{64}$/u;
/** Short printable text: no control characters (they could forge headers or lines). */
const shortText = (value: unknown, max = 80): value is string =>
  typeof value === 'string' &&
  value.trim().length > 0 &&
  value.length <= max &&
  !/\p{Cc}/u.test(value);

const parseUrl = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface TransferMailFields {
  to: string;
  from: string;
  transactionHash: string;
  amount: string;
  symbol: string;
  network: string;
  /** An http(s) explorer link, when the network has an explorer. */
  etherscanLink: string | null;
}

/** The fields of a queued object, or why it is refused. */
export function transferMailFields(
  object: Record<string, unknown>,
): TransferMailFields | { refused: string } {
  const { to, from, transactionHash, amount, symbol, network, etherscanLink } = object;
  if (typeof to !== 'string' || !EMAIL.test(to)) return { refused: 'recipient is not an e-mail' };
  if (!isAddress(from)) return { refused: 'sender is not an address' };
  if (typeof transactionHash !== 'string' || !HASH.test(transactionHash))
    return { refused: 'transactionHash is not a hash' };
  if (!shortText(amount) || !shortText(symbol) || !shortText(network))
    return { refused: 'amount, symbol or network is not short text' };
  let link: string | null = null;
  if (etherscanLink !== undefined && etherscanLink !== null && etherscanLink !== '') {
    const url = typeof etherscanLink === 'string' ? parseUrl(etherscanLink) : null;
    if (!url || !['https:', 'http:'].includes(url.protocol) || url.href.length > 300)
      return { refused: 'etherscanLink is not an http(s) URL' };
    link = url.href;
  }
  return { to, from, transactionHash, amount, symbol, network, etherscanLink: link };
}

export function transferMail(fields: TransferMailFields): MailMessage {
  const what = `${fields.amount} ${fields.symbol}`;
  const text = [
    `You have received ${what} on ${fields.network} from ${fields.from}.`,
    '',
    `Transaction: ${fields.transactionHash}`,
    ...(fields.etherscanLink ? [`See it on the explorer: ${fields.etherscanLink}`] : []),
    '',
    'Log in to Orrery with this e-mail address to use it.',
  ].join('\n');
  const html = `<p>You have received <strong>${escapeHtml(what)}</strong> on ${escapeHtml(fields.network)} from <code>${fields.from}</code>.</p>
<p>Transaction: <code>${fields.transactionHash}</code>${
    fields.etherscanLink
      ? ` (<a href="${escapeHtml(fields.etherscanLink)}">see it on the explorer</a>)`
      : ''
  }</p>
<p>Log in to Orrery with this e-mail address to use it.</p>`;
  return { to: fields.to, subject: TRANSFER_MAIL_SUBJECT, text, html };
}
