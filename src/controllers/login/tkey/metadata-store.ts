// The tKey metadata on the key nodes (docs/login.md "Key nodes"): stored under the postbox
// key's address, sealed under a key derived from the postbox key (the nodes read nothing), and
// signed by the postbox key for each version. Reads ask every node and keep the highest version
// that opens: only the postbox key can seal it, so a node cannot forge one, and the highest
// version among a threshold of answers is the latest write (writes reach a threshold too).
import { metadataSigningText, type MetadataReply } from '../../../shared/api';
import { isAddress, type Hex } from '../../../shared/primitives';
import { privateKeyToAddress, signPersonalMessage } from '../../keyring/sign-transaction';
import { deriveKey, open, seal } from './crypto';
import { TKeyError, TKeyErrorCode } from './errors';
import type { TKeyMetadata } from './factors';

export const METADATA_TIMEOUT_MS = 5000;
const METADATA_KEY = 'tkey metadata v1';

/** The metadata as read, with the version the next write must exceed. */
export interface StoredMetadata {
  metadata: TKeyMetadata | null;
  version: number;
}

function isMetadata(value: unknown): value is TKeyMetadata {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<TKeyMetadata>;
  return (
    m.format === 1 &&
    m.threshold === 2 &&
    typeof m.address === 'string' &&
    isAddress(m.address) &&
    m.address === m.address.toLowerCase() &&
    Array.isArray(m.factors)
  );
}

export class MetadataStore {
  readonly #nodes: string[];
  readonly #threshold: number;
  readonly #fetch: typeof fetch;

  /** `nodes`: the key nodes' base URLs (the login reply's); `threshold`: the key threshold. */
  constructor(nodes: string[], threshold: number, fetchFn: typeof fetch = (...a) => fetch(...a)) {
    this.#nodes = nodes.map((url) => url.replace(/\/+$/u, ''));
    this.#threshold = Math.max(1, threshold);
    this.#fetch = fetchFn;
  }

  /** Reads the postbox key's tKey metadata; `metadata: null` when the user has none. */
  async read(postboxKey: string): Promise<StoredMetadata> {
    const address = privateKeyToAddress(postboxKey).toLowerCase();
    const sealKey = deriveKey(postboxKey, METADATA_KEY);
    const answers = await Promise.all(
      this.#nodes.map(async (url) => {
        try {
          const response = await this.#fetch(`${url}/metadata/${address}`, {
            signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
          });
          if (response.status === 404) return { answered: true, reply: null };
          if (!response.ok) return { answered: false, reply: null };
          return { answered: true, reply: (await response.json()) as MetadataReply };
        } catch {
          return { answered: false, reply: null };
        }
      }),
    );
    if (answers.filter((a) => a.answered).length < this.#threshold)
      throw new TKeyError(TKeyErrorCode.metadataUnavailable);
    let best: StoredMetadata = { metadata: null, version: 0 };
    for (const { reply } of answers) {
      if (!reply || typeof reply.version !== 'number' || reply.version <= best.version) continue;
      const plain = typeof reply.data === 'string' ? open(sealKey, reply.data) : null;
      if (!plain) continue; // not sealed by this postbox key: ignored
      let parsed: unknown;
      try {
        parsed = JSON.parse(new TextDecoder().decode(plain));
      } catch {
        continue;
      }
      if (isMetadata(parsed)) best = { metadata: parsed, version: reply.version };
    }
    return best;
  }

  /** Stores a new version on every node; at least `threshold` nodes must take it. */
  async write(
    postboxKey: string,
    metadata: TKeyMetadata,
    previousVersion: number,
  ): Promise<number> {
    const address = privateKeyToAddress(postboxKey).toLowerCase() as Hex;
    const version = previousVersion + 1;
    const data = seal(
      deriveKey(postboxKey, METADATA_KEY),
      new TextEncoder().encode(JSON.stringify(metadata)),
    );
    const signature = signPersonalMessage(metadataSigningText(address, version, data), postboxKey);
    const stored = await Promise.all(
      this.#nodes.map(async (url) => {
        try {
          const response = await this.#fetch(`${url}/metadata/${address}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ version, data, signature }),
            signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
          });
          return response.ok;
        } catch {
          return false;
        }
      }),
    );
    if (stored.filter(Boolean).length < this.#threshold)
      throw new TKeyError(TKeyErrorCode.metadataUnavailable);
    return version;
  }
}
