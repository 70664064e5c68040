/**
 * NFT metadata from a token's URI (tokenURI / uri): http(s), ipfs:// through a configurable
 * gateway, and data: URIs. Reads image or image_url, name, description and animation_url (the
 * video). Every request has the spec's 10 s timeout and a size cap; anything else (file:,
 * javascript:, a non-JSON answer) is refused.
 */
export const NFT_PLACEHOLDER_IMAGE = '/images/nft-placeholder.svg';
/** Spec part 2 §9: asset request timeout. */
export const ASSET_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io';
export const MAX_METADATA_BYTES = 256 * 1024;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 1000;
const MAX_URL = 2048;
/** An inline (data:) image kept in state: small on-chain art fits, larger ones show the placeholder. */
export const MAX_DATA_IMAGE = 16 * 1024;

export type NftMetadata = {
  name: string | null;
  description: string | null;
  /** A URL the views can load (ipfs:// rewritten to the gateway), or null. */
  image: string | null;
  video: string | null;
};

export interface MetadataFetchOptions {
  fetchFn?: typeof fetch;
  ipfsGateway?: string;
  timeoutMs?: number;
}

/** ERC-1155's `{id}`: the id as 64 lowercase hex digits, no 0x (EIP-1155 metadata). */
export function substituteTokenId(uri: string, tokenId: string): string {
  if (!uri.includes('{id}')) return uri;
  return uri.replaceAll('{id}', BigInt(tokenId).toString(16).padStart(64, '0'));
}

/** An ipfs:// URI through the gateway (also the legacy ipfs://ipfs/<cid> form). */
export function ipfsToGateway(uri: string, gateway = DEFAULT_IPFS_GATEWAY): string {
  const path = uri.slice('ipfs://'.length).replace(/^ipfs\//u, '');
  return `${gateway.replace(/\/+$/u, '')}/ipfs/${path}`;
}

/** A URL the views may show as an image or video: http(s), ipfs (via the gateway), data:image|video. */
export function displayableUrl(value: unknown, gateway?: string): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^data:(image|video)\//iu.test(text)) return text.length <= MAX_DATA_IMAGE ? text : null;
  if (text.length === 0 || text.length > MAX_URL) return null;
  if (/^ipfs:\/\//iu.test(text)) return ipfsToGateway(text, gateway);
  if (/^https?:\/\//iu.test(text)) return text;
  return null;
}

function decodeDataUri(uri: string): string {
  const comma = uri.indexOf(',');
  if (comma === -1) throw new Error('A data: URI without a comma');
  const header = uri.slice(5, comma).toLowerCase();
  const body = uri.slice(comma + 1);
  const mediaType = header.split(';')[0] ?? '';
  if (mediaType !== '' && !mediaType.includes('json') && mediaType !== 'text/plain') {
    throw new Error(`A data: URI of type ${mediaType} holds no JSON metadata`);
  }
  if (header.split(';').includes('base64')) {
    const binary = atob(body);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  }
  return decodeURIComponent(body);
}

async function fetchText(url: string, options: MetadataFetchOptions): Promise<string> {
  const fetchFn = options.fetchFn ?? fetch;
  const response = await fetchFn(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? ASSET_REQUEST_TIMEOUT_MS),
    redirect: 'follow',
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_METADATA_BYTES)
    throw new Error(`${url} is larger than ${MAX_METADATA_BYTES} bytes`);
  const text = await response.text();
  if (text.length > MAX_METADATA_BYTES)
    throw new Error(`${url} is larger than ${MAX_METADATA_BYTES} bytes`);
  return text;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** The metadata document's fields the wallet shows. */
export function readMetadataDocument(document: unknown, gateway?: string): NftMetadata {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new Error('NFT metadata is not a JSON object');
  }
  const doc = document as Record<string, unknown>;
  return {
    name: text(doc.name, MAX_NAME),
    description: text(doc.description, MAX_DESCRIPTION),
    image: displayableUrl(doc.image, gateway) ?? displayableUrl(doc.image_url, gateway),
    video:
      displayableUrl(doc.animation_url, gateway) ??
      displayableUrl(doc.animation, gateway) ??
      displayableUrl(doc.video, gateway),
  };
}

/** Fetches and reads one token URI; rejects on any failure (callers only log it). */
export async function fetchNftMetadata(
  uri: string,
  options: MetadataFetchOptions = {},
): Promise<NftMetadata> {
  const trimmed = uri.trim();
  let body: string;
  if (/^data:/iu.test(trimmed)) {
    if (trimmed.length > MAX_METADATA_BYTES * 2) throw new Error('The data: URI is too large');
    body = decodeDataUri(trimmed);
  } else if (/^ipfs:\/\//iu.test(trimmed)) {
    body = await fetchText(ipfsToGateway(trimmed, options.ipfsGateway), options);
  } else if (/^https?:\/\//iu.test(trimmed)) {
    body = await fetchText(trimmed, options);
  } else {
    throw new Error(`Unsupported token URI scheme: ${trimmed.slice(0, 40)}`);
  }
  return readMetadataDocument(JSON.parse(body) as unknown, options.ipfsGateway);
}
