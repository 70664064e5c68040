// The identity service's refusals (docs/login.md) become stable codes the view translates.
import { LoginErrorCode } from '../../../src/controllers/login/errors';
import { refusalCode } from '../../../src/controllers/login/refusals';

describe('refusalCode', () => {
  it.each([
    [
      400,
      'Invalid verifier config: wechat is not offered here',
      LoginErrorCode.invalidVerifierConfig,
    ],
    [400, 'Invalid email address', LoginErrorCode.invalidEmail],
    [
      400,
      'This login was not started here, has expired or was already finished: start again',
      LoginErrorCode.unknownLogin,
    ],
    [401, 'Error, incorrect verification code entered', LoginErrorCode.wrongCode],
    [410, 'The verification code has expired: request a new one', LoginErrorCode.codeExpired],
    [429, 'Too many incorrect codes: request a new code', LoginErrorCode.tooManyCodes],
    [429, 'Too many login emails to this address: retry in an hour', LoginErrorCode.tooManyEmails],
    [409, 'Please verify your email first', LoginErrorCode.verifyEmailFirst],
    [404, 'This login link is not valid', LoginErrorCode.linkInvalid],
    [410, 'This login link was already used', LoginErrorCode.linkUsed],
    [410, 'This login link has expired: request a new one', LoginErrorCode.linkExpired],
    [429, 'Too many requests', LoginErrorCode.rateLimited],
    [401, 'id_token audience is not this client', LoginErrorCode.notVerified],
    [503, 'Login is not configured on this server: no key nodes', LoginErrorCode.notConfigured],
    [0, 'fetch failed', LoginErrorCode.unavailable],
    [502, 'google answered 500', LoginErrorCode.unavailable],
    [504, 'Identity provider keys timed out', LoginErrorCode.unavailable],
  ])('%i %s', (status, message, code) => {
    expect(refusalCode(status, message)).toBe(code);
  });

  it('keeps anything else as a plain refusal with the server words', () => {
    expect(refusalCode(400, 'body.verifier must be one of ...')).toBe(LoginErrorCode.refused);
    // The same words under another status are not taken for that refusal.
    expect(refusalCode(400, 'Error, incorrect verification code entered')).toBe(
      LoginErrorCode.refused,
    );
  });
});
