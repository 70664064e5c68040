/**
 * Rules for passwords that protect keys (the vault, an exported keystore file): spec part 1 §5
 * 'at least 10 characters with one uppercase letter, one lowercase letter and one number'.
 * Shared so the engine refuses what the view's form refuses.
 */
export const PASSWORD_RULES = [
  { key: 'length', test: (password: string) => [...password].length >= 10 },
  { key: 'upper', test: (password: string) => /\p{Lu}/u.test(password) },
  { key: 'lower', test: (password: string) => /\p{Ll}/u.test(password) },
  { key: 'number', test: (password: string) => /\p{Nd}/u.test(password) },
] as const;

export type PasswordRule = (typeof PASSWORD_RULES)[number]['key'];

export function isStrongPassword(password: unknown): password is string {
  return typeof password === 'string' && PASSWORD_RULES.every(({ test }) => test(password));
}
