// Signing in to a test server as a fresh random account, the way a wallet does.
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { client } from './helpers';

type Request = ReturnType<typeof client>;

export interface Session {
  account: PrivateKeyAccount;
  address: string;
  token: string;
}

export function newAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export async function signIn(
  request: Request,
  account: PrivateKeyAccount = newAccount(),
): Promise<Session> {
  const issued = await request('POST', '/auth/message', {
    body: { public_address: account.address },
  });
  if (issued.status !== 200) throw new Error(`/auth/message answered ${issued.status}`);
  const signed_message = await account.signMessage({ message: issued.body.message });
  const verified = await request('POST', '/auth/verify', {
    body: { public_address: account.address, signed_message },
  });
  if (verified.status !== 200)
    throw new Error(`/auth/verify answered ${verified.status}: ${verified.body?.error}`);
  return { account, address: account.address.toLowerCase(), token: verified.body.token };
}

/** Signs in and creates the user record. */
export async function signUp(
  request: Request,
  body: Record<string, unknown> = {},
): Promise<Session> {
  const session = await signIn(request);
  const created = await request('POST', '/user', { token: session.token, body });
  if (created.status !== 201)
    throw new Error(`POST /user answered ${created.status}: ${created.body?.error}`);
  return session;
}
