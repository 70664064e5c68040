/**
 * A test dapp on its own origin: `/dapp.html?frame=<provider frame URL>` embeds the wallet's
 * provider frame through the dapp-side helper (src/embed's createProviderPort, bundled with
 * esbuild as `/embed.js`) and exposes it as `window.dapp`. `/hostile.html` is a page that
 * posts to other windows' provider frames and records whatever answers it.
 */
import path from 'node:path';

import { build, stop as stopEsbuild } from 'esbuild';

import { serveFiles, type FileServer } from './file-server';

export type DappServer = FileServer;

const DAPP_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test dapp</title></head>
<body><h1>Test dapp</h1>
<script src="/embed.js"></script>
<script>
  const frame = new URLSearchParams(location.search).get('frame');
  const port = OrreryEmbed.createProviderPort(frame);
  const events = [];
  for (const name of ['connect', 'accountsChanged', 'chainChanged']) {
    port.on(name, (payload) => events.push([name, payload]));
  }
  // Requests the test starts and collects later, by name.
  const calls = {};
  window.dapp = {
    port,
    events,
    start(name, args) {
      calls[name] = port.request(args).then(
        (result) => ({ result }),
        (error) => ({ error: { code: error.code, message: error.message } }),
      );
    },
    result: (name) => calls[name],
  };
</script></body></html>`;

/** Posts JSON-RPC into the provider frame of another window, and records every message it gets. */
const HOSTILE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hostile page</title></head>
<body><h1>Hostile page</h1>
<script>
  const received = [];
  addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data }));
  window.hostile = {
    received,
    /** Handshake words then a request, as the dapp's own stream would send them. */
    attack(target, id) {
      const post = (data) => target.postMessage({ target: 'orrery_provider_frame', data }, '*');
      post('SYN');
      post('ACK');
      post({ jsonrpc: '2.0', id, method: 'eth_requestAccounts' });
    },
  };
</script></body></html>`;

export async function startDappServer(repoRoot: string): Promise<DappServer> {
  const bundle = await build({
    entryPoints: [path.join(repoRoot, 'src/embed/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'OrreryEmbed',
    target: 'es2022',
    write: false,
  });
  const embedJs = bundle.outputFiles[0]!.text;
  // esbuild's service process would keep jest's worker alive.
  await stopEsbuild();
  return serveFiles({
    '/dapp.html': { type: 'text/html', text: DAPP_HTML },
    '/hostile.html': { type: 'text/html', text: HOSTILE_HTML },
    '/embed.js': { type: 'text/javascript', text: embedJs },
  });
}
