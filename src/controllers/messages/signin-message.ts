/** The backend's sign-in challenge must be ours before the wallet signs it (spec part 1 §5). */
export const SIGNIN_MESSAGE_PREFIX = 'Orrery Signin';
export const INVALID_SIGNIN_MESSAGE = 'Cannot sign on invalid message';

/** Throws 'Cannot sign on invalid message' unless `message` starts with 'Orrery Signin'. */
export function assertSigninMessage(message: unknown): asserts message is string {
  if (typeof message !== 'string' || !message.startsWith(SIGNIN_MESSAGE_PREFIX)) {
    throw new Error(INVALID_SIGNIN_MESSAGE);
  }
}
