// .bit (d.id) accounts through a das-account-indexer: POST <base>/v1/account/records with
// { account } answers { errno, errmsg, data: { account, records: [{ key, label, value, ttl }] } };
// the ETH addresses are the records keyed 'address.eth'. errno 20007 means "account not exist".
import { createBoundedCache, type BoundedCache } from '../cache';
import { HttpError } from '../errors';
import { fetchJson } from '../http-json';
import { isAddress } from '../../shared/primitives';

const SERVICE = '.bit indexer';
export const BIT_ACCOUNT_NOT_EXIST = 20007;
export const BIT_ACCOUNT_FORMAT_INVALID = 20006;

interface RecordsAnswer {
  errno?: unknown;
  errmsg?: unknown;
  data?: { records?: unknown } | null;
}

export class BitIndexer {
  private readonly cache: BoundedCache<string[] | null>;

  constructor(
    private readonly options: {
      baseUrl: string;
      timeoutMs: number;
      cacheMs: number;
      cacheMaxEntries?: number;
    },
    now?: () => number,
  ) {
    this.cache = createBoundedCache({
      ttlMs: options.cacheMs,
      maxEntries: options.cacheMaxEntries,
      now,
    });
  }

  /**
   * The account's ETH addresses (lowercased, in record order, without duplicates): an empty
   * list when the account has none, null when the account does not exist.
   */
  async resolve(account: string): Promise<string[] | null> {
    const cached = this.cache.get(account);
    if (cached !== undefined) return cached;
    const base = this.options.baseUrl.endsWith('/')
      ? this.options.baseUrl
      : `${this.options.baseUrl}/`;
    const { status, body } = await fetchJson(
      SERVICE,
      new URL('v1/account/records', base),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account }),
      },
      this.options.timeoutMs,
    );
    if (status !== 200) throw new HttpError(502, `${SERVICE} answered ${status}`);
    const answer = (body ?? {}) as RecordsAnswer;
    if (typeof answer.errno !== 'number')
      throw new HttpError(502, `${SERVICE} answered an unexpected shape`);
    let addresses: string[] | null;
    if (answer.errno === BIT_ACCOUNT_NOT_EXIST) {
      addresses = null;
    } else if (answer.errno === BIT_ACCOUNT_FORMAT_INVALID) {
      throw new HttpError(
        400,
        `querystring.key is not a valid .bit account: ${String(answer.errmsg ?? '')}`,
      );
    } else if (answer.errno !== 0) {
      throw new HttpError(502, `${SERVICE} error ${answer.errno}: ${String(answer.errmsg ?? '')}`);
    } else {
      const records = answer.data?.records;
      if (!Array.isArray(records))
        throw new HttpError(502, `${SERVICE} answered an unexpected shape`);
      addresses = [];
      for (const record of records as Array<{ key?: unknown; value?: unknown }>) {
        if (record?.key !== 'address.eth' || typeof record.value !== 'string') continue;
        const value = record.value.trim();
        // Records are free text: skip anything that cannot receive ETH.
        if (!isAddress(value)) continue;
        const address = value.toLowerCase();
        if (!addresses.includes(address)) addresses.push(address);
      }
    }
    this.cache.set(account, addresses);
    return addresses;
  }
}
