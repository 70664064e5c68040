/**
 * The vault password's rules: spec part 1 §5 for passwords that protect keys ('at least 10
 * characters with one uppercase letter, one lowercase letter and one number; must match its
 * retype; required').
 */
import { PASSWORD_RULES, type PasswordRule } from '../../shared/password-rules';

export { PASSWORD_RULES, type PasswordRule };

/** Each rule and whether the password meets it, in display order. */
export function passwordRuleStates(password: string): { rule: PasswordRule; met: boolean }[] {
  return PASSWORD_RULES.map(({ key, test }) => ({ rule: key, met: test(password) }));
}

/** Message keys of what is wrong with a new password and its retype; empty when both are fine. */
export function newPasswordErrors(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const errors: { password?: string; confirmation?: string } = {};
  if (!password) errors.password = 'login.errors.passwordRequired';
  else if (passwordRuleStates(password).some(({ met }) => !met))
    errors.password = 'login.errors.passwordWeak';
  if (!confirmation) errors.confirmation = 'login.errors.confirmRequired';
  else if (confirmation !== password) errors.confirmation = 'login.errors.passwordMismatch';
  return errors;
}
