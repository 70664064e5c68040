// The identity service's refusals as stable codes, so a view shows them in the user's language
// (views.md §3.1). The server answers an HTTP status and an English message (docs/login.md);
// each known refusal is recognised by both, anything else stays 'identity.refused' with the
// server's words.
import { LoginErrorCode } from './errors';

type Rule = { status: number | readonly number[]; message?: RegExp; code: LoginErrorCode };

const RULES: readonly Rule[] = [
  { status: 400, message: /^Invalid verifier config/u, code: LoginErrorCode.invalidVerifierConfig },
  { status: 400, message: /^Invalid email address/u, code: LoginErrorCode.invalidEmail },
  {
    status: 400,
    message: /not started here|has expired or was already finished/u,
    code: LoginErrorCode.unknownLogin,
  },
  {
    status: 401,
    message: /incorrect verification code/iu,
    code: LoginErrorCode.wrongCode,
  },
  { status: 410, message: /verification code has expired/iu, code: LoginErrorCode.codeExpired },
  { status: 429, message: /Too many incorrect codes/iu, code: LoginErrorCode.tooManyCodes },
  { status: 429, message: /Too many login emails/iu, code: LoginErrorCode.tooManyEmails },
  { status: 409, message: /verify your email first/iu, code: LoginErrorCode.verifyEmailFirst },
  { status: 404, message: /login link is not valid/iu, code: LoginErrorCode.linkInvalid },
  { status: 410, message: /login link was already used/iu, code: LoginErrorCode.linkUsed },
  { status: 410, message: /login link has expired/iu, code: LoginErrorCode.linkExpired },
  { status: 429, code: LoginErrorCode.rateLimited },
  // The provider's token or user failed the server's checks (signature, audience, expiry, ...).
  { status: 401, code: LoginErrorCode.notVerified },
  { status: 503, code: LoginErrorCode.notConfigured },
  { status: [0, 502, 504], code: LoginErrorCode.unavailable },
];

/** The code of a refusal with this HTTP status (0: no answer) and message. */
export function refusalCode(status: number, message: string): LoginErrorCode {
  for (const rule of RULES) {
    const statuses: readonly number[] =
      typeof rule.status === 'number' ? [rule.status] : rule.status;
    if (statuses.includes(status) && (!rule.message || rule.message.test(message)))
      return rule.code;
  }
  return LoginErrorCode.refused;
}
