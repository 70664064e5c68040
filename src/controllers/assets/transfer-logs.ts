/**
 * The account's token history from the chain itself: ERC-20 and ERC-721 `Transfer` and ERC-1155
 * `TransferSingle`/`TransferBatch` logs to or from an address, read with eth_getLogs over a block
 * range. Three queries cover every case, because the address sits in a different topic per
 * event: Transfer(from, to, ...) has `to` in topic 2, TransferSingle/Batch(operator, from, to, ...)
 * has `from` in topic 2 and `to` in topic 3.
 */
import { decodeAbiParameters, pad, parseAbi, toEventSelector } from 'viem';

import type { Hex } from '../../shared/primitives';

import type { ContractReader } from './contract-reads';

export const TRANSFER_TOPIC = toEventSelector(
  parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])[0],
);
export const TRANSFER_SINGLE_TOPIC = toEventSelector(
  parseAbi([
    'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  ])[0],
);
export const TRANSFER_BATCH_TOPIC = toEventSelector(
  parseAbi([
    'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  ])[0],
);

/** What one log says about the account: a token moved in or out. */
export type TransferFinding =
  | { standard: 'ERC20'; contract: Hex; direction: 'in' | 'out'; value: bigint }
  | { standard: 'ERC721' | 'ERC1155'; contract: Hex; direction: 'in' | 'out'; tokenId: string };

interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  removed?: boolean;
}

const topicOf = (address: Hex) => pad(address.toLowerCase() as Hex, { size: 32 });
const sameTopic = (topic: string | undefined, address: Hex) =>
  topic !== undefined && topic.toLowerCase() === topicOf(address);

/** What one log says about the account; nothing for a log of none of the three events' shapes. */
export function parseTransferLog(log: RpcLog, account: Hex): TransferFinding[] {
  if (log.removed) return [];
  const contract = log.address.toLowerCase() as Hex;
  const [topic0, t1, t2, t3] = log.topics;
  const data = log.data as Hex;
  try {
    if (topic0 === TRANSFER_TOPIC) {
      const direction = sameTopic(t2, account) ? 'in' : sameTopic(t1, account) ? 'out' : undefined;
      if (!direction) return [];
      // ERC-721 indexes the token id (four topics); ERC-20 puts the value in data.
      if (log.topics.length === 4) {
        return [{ standard: 'ERC721', contract, direction, tokenId: BigInt(t3!).toString() }];
      }
      if (log.topics.length === 3) {
        const [value] = decodeAbiParameters([{ type: 'uint256' }], data);
        return [{ standard: 'ERC20', contract, direction, value }];
      }
      return [];
    }
    if (topic0 === TRANSFER_SINGLE_TOPIC || topic0 === TRANSFER_BATCH_TOPIC) {
      const direction = sameTopic(t3, account) ? 'in' : sameTopic(t2, account) ? 'out' : undefined;
      if (!direction) return [];
      const ids =
        topic0 === TRANSFER_SINGLE_TOPIC
          ? [decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], data)[0]]
          : decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], data)[0];
      return ids.map((id) => ({
        standard: 'ERC1155' as const,
        contract,
        direction,
        tokenId: id.toString(),
      }));
    }
  } catch {
    // A log whose data does not decode as the standard says is no evidence of anything.
  }
  return [];
}

const hex = (block: number) => `0x${block.toString(16)}`;

/** The three eth_getLogs queries for one block range, parsed. */
export async function readTransfers(
  reader: ContractReader,
  account: Hex,
  fromBlock: number,
  toBlock: number,
): Promise<TransferFinding[]> {
  const me = topicOf(account);
  const range = { fromBlock: hex(fromBlock), toBlock: hex(toBlock) };
  const queries = [
    // Transfers to the account, and ERC-1155 transfers from it.
    [[TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC], null, me],
    // Transfers from the account.
    [TRANSFER_TOPIC, me],
    // ERC-1155 transfers to the account.
    [[TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC], null, null, me],
  ];
  const answers = await Promise.all(
    queries.map((topics) =>
      reader.request<RpcLog[]>({ method: 'eth_getLogs', params: [{ ...range, topics }] }),
    ),
  );
  const findings: TransferFinding[] = [];
  for (const logs of answers) {
    if (!Array.isArray(logs)) throw new Error('eth_getLogs answered something other than a list');
    for (const log of logs) findings.push(...parseTransferLog(log, account));
  }
  return findings;
}

/**
 * Reads a block range, halving it while the node refuses (many nodes cap a query's block span or
 * result count). Resolves with the findings and the span that worked, so the caller can keep it.
 */
export async function readTransfersAdaptive(
  reader: ContractReader,
  account: Hex,
  fromBlock: number,
  toBlock: number,
): Promise<{ findings: TransferFinding[]; span: number }> {
  try {
    return {
      findings: await readTransfers(reader, account, fromBlock, toBlock),
      span: toBlock - fromBlock + 1,
    };
  } catch (error) {
    if (toBlock <= fromBlock) throw error;
    const middle = Math.floor((fromBlock + toBlock) / 2);
    const low = await readTransfersAdaptive(reader, account, fromBlock, middle);
    const high = await readTransfersAdaptive(reader, account, middle + 1, toBlock);
    return {
      findings: [...low.findings, ...high.findings],
      span: Math.min(low.span, high.span),
    };
  }
}
