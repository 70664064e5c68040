import type { JsonRpcMiddleware } from '@metamask/json-rpc-engine';
import { rpcErrors } from '@metamask/rpc-errors';
import type { Json, JsonRpcParams } from '@metamask/utils';

import { isValidAddress, toHex } from '../../controllers/transactions/hex';
import { methodMiddleware } from './method-middleware';
import {
  invalidParams,
  isPlainObject,
  networkProvider,
  networkState,
  paramsArray,
  type RpcContext,
} from './rpc-context';

/** Per connection: a dapp cannot make the wallet poll without bound. */
const MAX_FILTERS = 100;
const MAX_SUBSCRIPTIONS = 100;
/** Blocks caught up per step after a gap (a tracker that slept, a burst of mining). */
const MAX_BLOCKS_PER_STEP = 50;
/** Names each connection's need for blocks. */
let nextBlockOwner = 1;

type LogQuery = { address?: Json; topics?: Json };
type Filter =
  | { kind: 'block'; lastBlock: number }
  | { kind: 'log'; lastBlock: number; query: LogQuery; fromBlock?: string; toBlock?: string };
type Subscription = { kind: 'newHeads' | 'logs'; lastBlock: number; query: LogQuery };

function logQuery(value: unknown, method: string): LogQuery {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalidParams(`${method}: the filter must be an object.`);
  const { address, topics } = value;
  if (
    address !== undefined &&
    !isValidAddress(address) &&
    !(Array.isArray(address) && address.every(isValidAddress))
  ) {
    throw invalidParams(`${method}: address must be an address or an array of addresses.`);
  }
  if (topics !== undefined && !Array.isArray(topics)) {
    throw invalidParams(`${method}: topics must be an array.`);
  }
  return {
    ...(address !== undefined ? { address: address as Json } : {}),
    ...(topics !== undefined ? { topics: topics as Json } : {}),
  };
}

/**
 * eth_newFilter / eth_newBlockFilter / eth_getFilterChanges / eth_getFilterLogs /
 * eth_uninstallFilter and eth_subscribe (newHeads, logs) / eth_unsubscribe for one connection,
 * driven by the network controller's blocks. Subscriptions push `eth_subscription` notifications.
 * While the connection has a filter or a subscription, it needs every block: the block tracker
 * runs for it until the last one is removed or the connection closes.
 */
export class FiltersAndSubscriptions {
  readonly #ctx: RpcContext;
  readonly #filters = new Map<string, Filter>();
  readonly #subscriptions = new Map<string, Subscription>();
  #nextFilterId = 1;
  readonly #blockOwner: string;
  #releaseBlocks: (() => void) | undefined;
  /** Block work runs one step at a time, so notifications keep block order. */
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #onNewBlock = (blockNumber: number) => {
    if (this.#subscriptions.size === 0) return;
    this.#queue = this.#queue.then(() => this.#deliver(blockNumber)).catch(() => undefined);
  };
  readonly #onNetworkChange = () => {
    // Another chain: cursors restart at its next block; block numbers of the old chain mean nothing.
    for (const item of [...this.#filters.values(), ...this.#subscriptions.values()])
      item.lastBlock = -1;
  };

  constructor(ctx: RpcContext) {
    this.#ctx = ctx;
    this.#blockOwner = `dapp ${ctx.origin} #${nextBlockOwner++}`;
    ctx.messenger.subscribe('NetworkController:newBlock', this.#onNewBlock);
    ctx.messenger.subscribe('NetworkController:networkDidChange', this.#onNetworkChange);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#filters.clear();
    this.#subscriptions.clear();
    this.#followBlockNeed();
    this.#ctx.messenger.unsubscribe('NetworkController:newBlock', this.#onNewBlock);
    this.#ctx.messenger.unsubscribe('NetworkController:networkDidChange', this.#onNetworkChange);
  }

  /** Resolves once queued subscription work is done (tests and shutdown). */
  settled(): Promise<void> {
    return this.#queue;
  }

  middleware(): JsonRpcMiddleware<JsonRpcParams, Json> {
    return methodMiddleware({
      eth_newBlockFilter: async () =>
        this.#addFilter({ kind: 'block', lastBlock: await this.#latest() }),
      eth_newFilter: async (req) => {
        const [raw] = paramsArray(req.params);
        const query = logQuery(raw ?? {}, req.method);
        const { fromBlock, toBlock } = isPlainObject(raw) ? raw : {};
        const latest = await this.#latest();
        const from =
          typeof fromBlock === 'string' && /^0x[0-9a-f]+$/i.test(fromBlock)
            ? Number(BigInt(fromBlock))
            : undefined;
        return this.#addFilter({
          kind: 'log',
          // Changes are what happens after creation; an explicit older fromBlock is eth_getFilterLogs' job.
          lastBlock: from !== undefined ? Math.max(from - 1, latest) : latest,
          query,
          ...(typeof fromBlock === 'string' ? { fromBlock } : {}),
          ...(typeof toBlock === 'string' ? { toBlock } : {}),
        });
      },
      eth_getFilterChanges: (req) => this.#changes(this.#filter(req.params)),
      eth_getFilterLogs: async (req) => {
        const filter = this.#filter(req.params);
        if (filter.kind !== 'log') throw invalidParams('eth_getFilterLogs: not a log filter.');
        return await this.#logs({
          ...filter.query,
          fromBlock: filter.fromBlock ?? 'latest',
          toBlock: filter.toBlock ?? 'latest',
        });
      },
      eth_uninstallFilter: (req) => {
        const [id] = paramsArray(req.params);
        const removed = typeof id === 'string' && this.#filters.delete(id);
        this.#followBlockNeed();
        return removed;
      },
      eth_subscribe: async (req) => {
        const [kind, raw] = paramsArray(req.params);
        if (kind !== 'newHeads' && kind !== 'logs') {
          throw invalidParams(
            `eth_subscribe: unsupported subscription type ${JSON.stringify(kind)}; newHeads and logs are.`,
          );
        }
        if (this.#subscriptions.size >= MAX_SUBSCRIPTIONS) {
          throw rpcErrors.limitExceeded(
            `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection.`,
          );
        }
        const query = kind === 'logs' ? logQuery(raw ?? {}, req.method) : {};
        const id = `0x${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString('hex')}`;
        const lastBlock = await this.#latest();
        if (this.#closed) throw rpcErrors.resourceUnavailable('The connection closed.');
        this.#subscriptions.set(id, { kind, lastBlock, query });
        this.#followBlockNeed();
        return id;
      },
      eth_unsubscribe: (req) => {
        const [id] = paramsArray(req.params);
        const removed = typeof id === 'string' && this.#subscriptions.delete(id);
        this.#followBlockNeed();
        return removed;
      },
    });
  }

  #addFilter(filter: Filter): string {
    if (this.#filters.size >= MAX_FILTERS) {
      throw rpcErrors.limitExceeded(`At most ${MAX_FILTERS} filters per connection.`);
    }
    if (this.#closed) throw rpcErrors.resourceUnavailable('The connection closed.');
    const id = toHex(this.#nextFilterId++);
    this.#filters.set(id, filter);
    this.#followBlockNeed();
    return id;
  }

  /** Needs every block while a filter or subscription exists and the connection is open. */
  #followBlockNeed(): void {
    const needed = !this.#closed && this.#filters.size + this.#subscriptions.size > 0;
    if (needed && !this.#releaseBlocks) {
      this.#releaseBlocks = this.#ctx.messenger.call(
        'NetworkController:requireBlocks',
        this.#blockOwner,
        'everyBlock',
      );
    } else if (!needed && this.#releaseBlocks) {
      this.#releaseBlocks();
      this.#releaseBlocks = undefined;
    }
  }

  #filter(params: unknown): Filter {
    const [id] = paramsArray(params);
    const filter = typeof id === 'string' ? this.#filters.get(id) : undefined;
    if (!filter) throw invalidParams('filter not found');
    return filter;
  }

  async #latest(): Promise<number> {
    const known = networkState(this.#ctx).latestBlockNumber;
    if (known !== null) return known;
    const hex = await networkProvider(this.#ctx).request<string>({ method: 'eth_blockNumber' });
    return Number(BigInt(hex));
  }

  async #blockHash(blockNumber: number): Promise<string | undefined> {
    const block = await this.#block(blockNumber);
    return typeof block?.hash === 'string' ? block.hash : undefined;
  }

  async #block(blockNumber: number): Promise<Record<string, Json> | null> {
    return await networkProvider(this.#ctx).request<Record<string, Json> | null>({
      method: 'eth_getBlockByNumber',
      params: [toHex(blockNumber), false],
    });
  }

  async #logs(params: Record<string, Json>): Promise<Json[]> {
    return await networkProvider(this.#ctx).request<Json[]>({
      method: 'eth_getLogs',
      params: [params],
    });
  }

  /** The block range after `lastBlock` up to `latest`, at most one step long. */
  #range(lastBlock: number, latest: number): [number, number] | undefined {
    const from = lastBlock < 0 ? latest : lastBlock + 1;
    if (from > latest) return undefined;
    return [from, Math.min(latest, from + MAX_BLOCKS_PER_STEP - 1)];
  }

  async #changes(filter: Filter): Promise<Json[]> {
    const latest = await this.#latest();
    const range = this.#range(filter.lastBlock, latest);
    if (!range) return [];
    const [from, to] = range;
    let result: Json[];
    if (filter.kind === 'block') {
      result = [];
      for (let n = from; n <= to; n += 1) {
        const hash = await this.#blockHash(n);
        if (hash) result.push(hash);
      }
    } else {
      result = await this.#logs({ ...filter.query, fromBlock: toHex(from), toBlock: toHex(to) });
    }
    filter.lastBlock = to;
    return result;
  }

  async #deliver(latest: number): Promise<void> {
    for (const [id, subscription] of this.#subscriptions) {
      let range = this.#range(subscription.lastBlock, latest);
      while (range && !this.#closed && this.#subscriptions.has(id)) {
        const [from, to] = range;
        if (subscription.kind === 'newHeads') {
          for (let n = from; n <= to; n += 1) {
            const block = await this.#block(n);
            if (!block) continue;
            const { transactions: _transactions, ...header } = block;
            this.#ctx.notify('eth_subscription', { subscription: id, result: header });
          }
        } else {
          const logs = await this.#logs({
            ...subscription.query,
            fromBlock: toHex(from),
            toBlock: toHex(to),
          });
          for (const log of logs)
            this.#ctx.notify('eth_subscription', { subscription: id, result: log });
        }
        subscription.lastBlock = to;
        range = this.#range(subscription.lastBlock, latest);
      }
    }
  }
}
