/** The HTTP provider passes a node's own JSON-RPC errors on, read from a local server. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createHttpProvider } from '../../../src/controllers/network/rpc-provider';

type NodeError = { code: number; message: string; data?: unknown };

describe('HTTP provider errors', () => {
  let server: Server;
  let rpcUrl: string;
  let nextError: NodeError;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: number };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error: nextError }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("keeps the node's code, message and data", async () => {
    nextError = { code: -32000, message: 'nonce too low', data: { detail: 'x' } };
    const failure = await createHttpProvider(rpcUrl)
      .request({ method: 'eth_sendRawTransaction', params: ['0x00'] })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: -32000,
      message: 'nonce too low',
      data: { detail: 'x' },
    });
  });

  it('keeps the code and data of an error without a message instead of turning it into -32603', async () => {
    nextError = { code: 3, message: '', data: '0x08c379a0' };
    const failure = await createHttpProvider(rpcUrl)
      .request({ method: 'eth_call', params: [{}, 'latest'] })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      code: 3,
      message: 'The node returned error 3 without a message.',
      data: '0x08c379a0',
    });
  });
});
