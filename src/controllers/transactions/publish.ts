import { errorMessage, type RequestProvider } from './rpc';

/** Node answers to a send that mean it has the transaction already (geth old and new, anvil). */
const ALREADY_KNOWN = ['known transaction', 'already known', 'already imported'];

/**
 * Sends signed bytes with eth_sendRawTransaction and returns the hash. An answer that the node
 * already has them counts as success, with the hash computed locally at signing. With
 * `nonceTooLowIsSent` (a replacement, or a rebroadcast after a restart), 'nonce too low' means a
 * transaction with this nonce was mined: the pending tracker confirms ours or drops it.
 */
export async function publishRawTransaction(
  provider: RequestProvider,
  tx: { rawTx: string; hash: string },
  { nonceTooLowIsSent = false } = {},
): Promise<string> {
  try {
    return await provider.request<string>({
      method: 'eth_sendRawTransaction',
      params: [tx.rawTx],
    });
  } catch (error) {
    const message = errorMessage(error).toLowerCase();
    const known = ALREADY_KNOWN.some((text) => message.includes(text));
    const nonceUsed = nonceTooLowIsSent && message.includes('nonce too low');
    if (!known && !nonceUsed) throw error;
    return tx.hash;
  }
}
