import { AssetError } from '../../../src/controllers/assets/asset-errors';
import { NftHandler, nftStandard } from '../../../src/controllers/assets/nft-handler';
import {
  displayableUrl,
  fetchNftMetadata,
  ipfsToGateway,
  substituteTokenId,
} from '../../../src/controllers/assets/nft-metadata';
import { startMetadataServer, type MetadataServer } from './metadata-server';

describe('NFT metadata from token URIs', () => {
  let server: MetadataServer;
  beforeAll(async () => {
    server = await startMetadataServer();
    server.set('/token/1.json', {
      name: 'Orbit #1',
      description: 'A small orbit',
      image: 'ipfs://bafyimage/1.png',
      animation_url: 'https://video.example/1.mp4',
    });
    server.set('/ipfs/bafymeta/7', { name: 'Seven', image_url: 'https://img.example/7.png' });
  });
  afterAll(() => server.close());

  it("fills ERC-1155's {id} as 64 lowercase hex digits (the EIP's own example)", () => {
    // EIP-1155, metadata: id 314592 (0x4CCE0) in https://token-cdn-domain/{id}.json.
    expect(substituteTokenId('https://token-cdn-domain/{id}.json', '314592')).toBe(
      'https://token-cdn-domain/000000000000000000000000000000000000000000000000000000000004cce0.json',
    );
    expect(substituteTokenId('https://x.example/7.json', '7')).toBe('https://x.example/7.json');
  });

  it('reads http(s): name, description, image (ipfs through the gateway) and the video', async () => {
    const meta = await fetchNftMetadata(`${server.url}/token/1.json`, {
      ipfsGateway: 'https://gw.example/',
    });
    expect(meta).toEqual({
      name: 'Orbit #1',
      description: 'A small orbit',
      image: 'https://gw.example/ipfs/bafyimage/1.png',
      video: 'https://video.example/1.mp4',
    });
  });

  it('reads ipfs:// through the configured gateway, also the legacy ipfs://ipfs/ form', async () => {
    for (const uri of ['ipfs://bafymeta/7', 'ipfs://ipfs/bafymeta/7']) {
      expect(await fetchNftMetadata(uri, { ipfsGateway: server.url })).toEqual({
        name: 'Seven',
        description: null,
        image: 'https://img.example/7.png', // image_url when there is no image
        video: null,
      });
    }
    expect(ipfsToGateway('ipfs://bafy/x.json', 'https://gw.example///')).toBe(
      'https://gw.example/ipfs/bafy/x.json',
    );
  });

  it('reads data: URIs, base64 and percent-encoded, as UTF-8', async () => {
    const json = JSON.stringify({ name: 'Ünïcode ✓', image: 'data:image/svg+xml;base64,PHN2Zy8+' });
    const base64 = `data:application/json;base64,${Buffer.from(json).toString('base64')}`;
    expect(await fetchNftMetadata(base64)).toMatchObject({
      name: 'Ünïcode ✓',
      image: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    expect(
      await fetchNftMetadata(`data:application/json,${encodeURIComponent(json)}`),
    ).toMatchObject({ name: 'Ünïcode ✓' });
  });

  it('refuses other schemes, non-JSON, oversized answers, errors, and gives up after the timeout', async () => {
    await expect(fetchNftMetadata('file:///etc/passwd')).rejects.toThrow(
      'Unsupported token URI scheme',
    );
    await expect(fetchNftMetadata('javascript:alert(1)')).rejects.toThrow('Unsupported');
    await expect(fetchNftMetadata('data:text/html,<b>x</b>')).rejects.toThrow('holds no JSON');
    await expect(fetchNftMetadata(`${server.url}/not-json`)).rejects.toThrow();
    await expect(fetchNftMetadata(`${server.url}/huge`)).rejects.toThrow('larger than');
    await expect(fetchNftMetadata(`${server.url}/missing`)).rejects.toThrow('answered 404');
    await expect(fetchNftMetadata(`${server.url}/hang`, { timeoutMs: 200 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    await expect(
      fetchNftMetadata(`data:application/json,${encodeURIComponent('[1,2]')}`),
    ).rejects.toThrow('not a JSON object');
  });

  it('shows only http(s), gateway ipfs and data:image|video URLs', () => {
    expect(displayableUrl('javascript:alert(1)')).toBeNull();
    expect(displayableUrl('data:text/html,<script>')).toBeNull();
    expect(displayableUrl(42)).toBeNull();
    expect(displayableUrl(' https://a.example/x.png ')).toBe('https://a.example/x.png');
    expect(displayableUrl('ipfs://cid', 'https://gw.example')).toBe('https://gw.example/ipfs/cid');
    // Inline art is kept in state only while small.
    const svg = (size: number) => `data:image/svg+xml;base64,${'A'.repeat(size)}`;
    expect(displayableUrl(svg(1000))).toBe(svg(1000));
    expect(displayableUrl(svg(20_000))).toBeNull();
  });
});

describe('NftHandler', () => {
  const provider = { request: () => Promise.reject(new Error('unused')) };
  const base = { userAddress: '0x' + '1'.repeat(40), address: '0x' + '2'.repeat(40), provider };

  it("needs each field, with the spec's message; token id 0 is a token id", () => {
    for (const field of ['userAddress', 'address', 'tokenId', 'provider'] as const) {
      const options = { ...base, tokenId: '1', [field]: undefined };
      let thrown: unknown;
      try {
        new NftHandler(options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AssetError);
      expect(thrown).toMatchObject({
        message: `${field} is required while initializing NftHandler`,
        data: { code: 'asset.invalidInput' },
      });
    }
    expect(new NftHandler({ ...base, tokenId: 0 }).tokenId).toBe(0n);
    expect(new NftHandler({ ...base, tokenId: '0' }).tokenId).toBe(0n);
    expect(() => new NftHandler({ ...base, tokenId: '1.5' })).toThrow('Invalid token id 1.5');
    expect(() => new NftHandler({ ...base, tokenId: '-1' })).toThrow('Invalid token id -1');
  });

  it('decides the standard: special is ERC721, then ERC-721, then ERC-1155, else none', () => {
    expect(nftStandard(true, false, true)).toBe('ERC721');
    expect(nftStandard(false, true, true)).toBe('ERC721');
    expect(nftStandard(false, false, true)).toBe('ERC1155');
    expect(nftStandard(false, false, false)).toBeUndefined();
    expect(nftStandard(false, undefined, undefined)).toBeUndefined();
  });
});
