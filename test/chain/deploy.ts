// Deploys the compiled test contracts with viem, an independent client (not our wallet code).
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { callJsonRpc } from '../../scripts/lib/json-rpc';
import { loadContractArtifacts, type ContractName } from './compile-contracts';

export interface ChainClients {
  publicClient: PublicClient<Transport, Chain>;
  walletClient: WalletClient<Transport, Chain, Account>;
}

/**
 * viem clients for a node. Without a private key the wallet sends through the node's first
 * unlocked dev account (eth_sendTransaction), which works whatever mnemonic anvil uses.
 */
export async function chainClients(rpcUrl: string, fromPrivateKey?: Hex): Promise<ChainClients> {
  const transport = http(rpcUrl);
  const probe = createPublicClient({ transport });
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  let account: Account | Address;
  if (fromPrivateKey) {
    account = privateKeyToAccount(fromPrivateKey);
  } else {
    const [first] = await callJsonRpc<Address[]>(rpcUrl, 'eth_accounts');
    if (!first) throw new Error(`${rpcUrl} has no unlocked accounts`);
    account = first;
  }
  // Polling fast: anvil mines instantly, and viem's default 4 s interval would slow tests.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const walletClient = createWalletClient({ account, chain, transport, pollingInterval: 50 });
  return { publicClient, walletClient };
}

/**
 * Deploys a test contract and returns its address once the creation is mined. The node must
 * mine on its own (automine or interval mining), else this waits until its 30 s timeout.
 */
export async function deployContract(
  rpcUrl: string,
  name: ContractName,
  args: readonly unknown[] = [],
  fromPrivateKey?: Hex,
): Promise<Address> {
  const { abi, bytecode } = (await loadContractArtifacts())[name];
  const { publicClient, walletClient } = await chainClients(rpcUrl, fromPrivateKey);
  const hash = await walletClient.deployContract({ abi, bytecode, args });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 30_000 });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deploying ${name} failed in transaction ${hash}`);
  }
  return receipt.contractAddress;
}
