// Lookup by social identity: the wallet address of the user registered with a verifier and
// verifier id (the users table's verifier / verifier_id, set by POST /user, PATCH
// /user/verifier and POST /user/recordLogin).
import type { Db } from '../db';

export interface IdentityMatch {
  /** Where funds for this identity go: the user's default_public_address, else public_address. */
  address: string;
  /** The matched user's own (signing) address. */
  public_address: string;
}

/**
 * Exact, case-sensitive match on both columns. The login config's `isVerifierIdCaseSensitive`
 * belongs to the client's login settings; the server does not guess which verifiers fold case,
 * so a client that lowercases e-mail ids must send them lowercased.
 * When several records carry the identity (accounts imported under the same login), the
 * earliest one answers: that is the login's own account, created at first sign-in.
 */
export async function findAddressByIdentity(
  db: Db,
  verifier: string,
  verifierId: string,
): Promise<IdentityMatch | null> {
  const row = await db
    .selectFrom('users')
    .select(['public_address', 'default_public_address'])
    .where('verifier', '=', verifier)
    .where('verifier_id', '=', verifierId)
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return {
    address: (row.default_public_address ?? row.public_address).toLowerCase(),
    public_address: row.public_address,
  };
}
