/**
 * `npm run bench:assets`: an account on anvil that holds 500 ERC-20 tokens and 200 NFTs (12
 * collections: 10 ERC-721 with data: URIs, 2 ERC-1155 with http URIs), found from its own
 * transfer logs. One full refresh (tokens and collectibles together, nothing cached: history
 * scan, token metadata, balances, NFT standards, ownership and metadata) and one steady refresh
 * after it, through the engine's own controllers:
 * - batched: as the wallet runs, with Multicall3 at its canonical address;
 * - naive: the same controllers with no Multicall3 and no balance checker, so every read is its
 *   own eth_call (one call per token balance, symbol, decimals, name; per NFT owner and URI).
 * Prints the JSON-RPC calls that reached the node and the wall time of each, and ends with one
 * JSON line of the headline figures (the full refresh).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Address } from 'viem';

import {
  buildControllers,
  type AssetsOptions,
} from '../../src/background/engine/build-controllers';
import { createRootMessenger } from '../../src/background/engine/root-messenger';
import { LOCALHOST_NETWORK } from '../../src/shared/networks';
import type { Hex } from '../../src/shared/primitives';
import { chainClients } from '../../test/chain/deploy';
import { loadContractArtifacts } from '../../test/chain/compile-contracts';
import { startAnvil, type AnvilInstance } from '../lib/anvil';
import { callJsonRpc } from '../lib/json-rpc';
import { placeMulticall3 } from '../lib/multicall3';

const TOKENS = 500;
const ERC721_COLLECTIONS = 10;
const ERC721_PER_COLLECTION = 15;
const ERC1155_COLLECTIONS = 2;
const ERC1155_IDS = 25;
const NFTS = ERC721_COLLECTIONS * ERC721_PER_COLLECTION + ERC1155_COLLECTIONS * ERC1155_IDS;

/** Counts the JSON-RPC requests that reach the node through global fetch. */
function countRpc(rpcUrl: string) {
  const counter = { calls: 0, byMethod: new Map<string, number>() };
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(rpcUrl)) {
      const method = (JSON.parse(String(init?.body ?? '{}')) as { method?: string }).method ?? '?';
      counter.calls += 1;
      counter.byMethod.set(method, (counter.byMethod.get(method) ?? 0) + 1);
    }
    return original(input, init);
  };
  return {
    counter,
    reset: () => {
      counter.calls = 0;
      counter.byMethod.clear();
    },
    restore: () => (globalThis.fetch = original),
  };
}

/** A tiny metadata host for the ERC-1155 collections' `{id}` URIs. */
async function startMetadataHost() {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ name: `Item ${request.url}`, image: 'https://img.example/x.png' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Deploys and mints from the holder's own unlocked account, then waits for every receipt. */
async function fillAccount(node: AnvilInstance, holder: Address, metadataUrl: string) {
  const artifacts = await loadContractArtifacts();
  const { walletClient, publicClient } = await chainClients(node.rpcUrl);
  const hashes: Hex[] = [];
  const wait = async () => {
    for (const hash of hashes.splice(0)) await publicClient.waitForTransactionReceipt({ hash });
  };
  const deploy = async (name: 'TestERC20' | 'TestERC721Uri' | 'TestERC1155', args: unknown[]) => {
    const hash = await walletClient.deployContract({
      account: holder,
      abi: artifacts[name].abi,
      bytecode: artifacts[name].bytecode,
      args,
    } as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    return receipt.contractAddress!;
  };
  // Each token mints its supply to the deployer: a Transfer from 0x0 to the holder.
  for (let i = 0; i < TOKENS; i += 1) {
    hashes.push(
      await walletClient.deployContract({
        account: holder,
        abi: artifacts.TestERC20.abi,
        bytecode: artifacts.TestERC20.bytecode,
        args: [`Bench Token ${i}`, `B${i}`, 18, 10n ** 21n],
      } as never),
    );
  }
  await wait();
  for (let c = 0; c < ERC721_COLLECTIONS; c += 1) {
    const collection = await deploy('TestERC721Uri', [`Collection ${c}`, `C${c}`]);
    for (let id = 0; id < ERC721_PER_COLLECTION; id += 1) {
      const document = JSON.stringify({
        name: `C${c} #${id}`,
        image: `https://img.example/${c}/${id}.png`,
      });
      hashes.push(
        await walletClient.writeContract({
          account: holder,
          address: collection,
          abi: artifacts.TestERC721Uri.abi,
          functionName: 'mint',
          args: [holder, BigInt(id), `data:application/json,${encodeURIComponent(document)}`],
        } as never),
      );
    }
  }
  for (let c = 0; c < ERC1155_COLLECTIONS; c += 1) {
    const collection = await deploy('TestERC1155', [`${metadataUrl}/m${c}/{id}.json`]);
    for (let id = 0; id < ERC1155_IDS; id += 1) {
      hashes.push(
        await walletClient.writeContract({
          account: holder,
          address: collection,
          abi: artifacts.TestERC1155.abi,
          functionName: 'mint',
          args: [holder, BigInt(id), 2n],
        } as never),
      );
    }
  }
  await wait();
}

/** The engine's asset controllers on one root messenger, unlocked for the holder. */
async function wallet(node: AnvilInstance, assets: AssetsOptions) {
  const controllers = buildControllers(
    createRootMessenger(),
    {},
    {
      providerConfig: {
        ...LOCALHOST_NETWORK,
        rpcUrl: node.rpcUrl,
        chainId: `0x${node.chainId.toString(16)}` as Hex,
      },
      isUserIdle: () => false,
      assets,
    },
  );
  const { network, keyring, preferences, tokens, collectibles } = controllers;
  await network.lookupNetwork();
  await keyring.createNewVault('bench password');
  preferences.setSelectedAddress(await keyring.importAccountWithPrivateKey(node.privateKeys[1]!));
  tokens.init();
  collectibles.init();
  const refresh = () => Promise.all([tokens.refresh(), collectibles.refresh()]);
  const held = () => {
    const account = preferences.state.selectedAddress!;
    return {
      tokens:
        (tokens.state.tokens[account]?.length ?? 0) +
        (tokens.state.spamTokens[account]?.length ?? 0),
      nfts: (collectibles.state.collectibles[account] ?? []).reduce(
        (n, c) => n + c.assets.length,
        0,
      ),
    };
  };
  const stop = async () => {
    collectibles.destroy();
    tokens.destroy();
    await network.destroy();
  };
  return { refresh, held, stop };
}

async function measure(
  name: string,
  node: AnvilInstance,
  assets: AssetsOptions,
  rpc: ReturnType<typeof countRpc>,
) {
  const { refresh, held, stop } = await wallet(node, assets);
  try {
    const rounds = [];
    for (const round of ['full', 'steady']) {
      rpc.reset();
      const started = performance.now();
      await refresh();
      const ms = performance.now() - started;
      const found = held();
      if (found.tokens !== TOKENS || found.nfts !== NFTS) {
        throw new Error(
          `${name} ${round} refresh found ${found.tokens} tokens and ${found.nfts} NFTs`,
        );
      }
      const methods = [...rpc.counter.byMethod].map(([m, n]) => `${m} ${n}`).join(', ');
      console.log(
        `  ${name.padEnd(8)} ${round.padEnd(7)} ${String(rpc.counter.calls).padStart(5)} calls  ${ms.toFixed(0).padStart(6)} ms  (${methods})`,
      );
      rounds.push({ calls: rpc.counter.calls, ms });
    }
    return rounds as [{ calls: number; ms: number }, { calls: number; ms: number }];
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  const node = await startAnvil({ accounts: 2, chainId: 5777 });
  const metadata = await startMetadataHost();
  try {
    await placeMulticall3(node.rpcUrl);
    const holder = node.accounts[1]! as Address;
    const started = performance.now();
    await fillAccount(node, holder, metadata.url);
    const head = Number(await callJsonRpc<string>(node.rpcUrl, 'eth_blockNumber'));
    console.log(
      `An account holding ${TOKENS} ERC-20 tokens and ${NFTS} NFTs on anvil (${head} blocks, set up in ${((performance.now() - started) / 1000).toFixed(1)} s).`,
    );
    console.log('  wallet   refresh  JSON-RPC calls, wall time');
    const rpc = countRpc(node.rpcUrl);
    try {
      const chainId = `0x${node.chainId.toString(16)}`;
      const [full, steady] = await measure('batched', node, {}, rpc);
      const [naiveFull, naiveSteady] = await measure(
        'naive',
        node,
        { multicall: { [chainId]: null }, balanceCheckers: {} },
        rpc,
      );
      const ratio = (a: number, b: number) => Number((a / b).toFixed(1));
      console.log(
        `  full refresh: ${ratio(naiveFull.calls, full.calls)}x fewer calls; steady refresh: ${ratio(naiveSteady.calls, steady.calls)}x fewer (${steady.calls} vs ${naiveSteady.calls}), ${steady.ms.toFixed(0)} ms vs ${naiveSteady.ms.toFixed(0)} ms`,
      );
      console.log(
        JSON.stringify({
          calls: full.calls,
          naive_calls: naiveFull.calls,
          call_ratio: ratio(naiveFull.calls, full.calls),
          refresh_ms: Math.round(full.ms),
        }),
      );
    } finally {
      rpc.restore();
    }
  } finally {
    await metadata.close();
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
