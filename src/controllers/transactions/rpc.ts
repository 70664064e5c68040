/** The slice of an EIP-1193 provider the transaction modules use. */
export type RequestProvider = {
  request<Result = unknown>(args: { method: string; params?: readonly unknown[] }): Promise<Result>;
};

export type RpcBlock = { number: string; gasLimit: string; baseFeePerGas?: string | null };

export async function getLatestBlock(provider: RequestProvider): Promise<RpcBlock> {
  return provider.request<RpcBlock>({ method: 'eth_getBlockByNumber', params: ['latest', false] });
}

/** Reads the latest block at most once, when first asked: one read shared by several users. */
export type LatestBlock = () => Promise<RpcBlock>;

export function latestBlockOnce(provider: RequestProvider): LatestBlock {
  let block: Promise<RpcBlock> | undefined;
  return () => (block ??= getLatestBlock(provider));
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error)
    return String((error as { message: unknown }).message);
  return String(error);
}
