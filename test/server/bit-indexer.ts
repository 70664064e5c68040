// A local HTTP server speaking the .bit das-account-indexer's records call in its documented
// shape: POST /v1/account/records {account} → {errno, errmsg, data: {account, records}}, with
// errno 20007 'account not exist' and 20006 for a malformed account (here: one with '--').
// Special accounts make it fail: 'broken.bit' answers 500, 'garbled.bit' a body that is not
// JSON, 'busy.bit' errno 10002, 'slow.bit' never answers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BitRecord {
  key: string;
  label: string;
  value: string;
  ttl: string;
}

export interface BitIndexerServer {
  url: string;
  /** Accounts asked for, in order. */
  requests: string[];
  accounts: Map<string, BitRecord[]>;
  close(): Promise<void>;
}

export async function startBitIndexer(
  accounts: Record<string, BitRecord[]>,
): Promise<BitIndexerServer> {
  const state = new Map(Object.entries(accounts));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url !== '/v1/account/records' || req.method !== 'POST') {
      json(404, { errno: 10001, errmsg: 'method not exist', data: null });
      return;
    }
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      let account: unknown;
      try {
        account = (JSON.parse(raw) as { account?: unknown }).account;
      } catch {
        json(200, { errno: 10000, errmsg: 'params invalid', data: null });
        return;
      }
      if (typeof account !== 'string') {
        json(200, { errno: 10000, errmsg: 'params invalid', data: null });
        return;
      }
      requests.push(account);
      if (account === 'slow.bit') return; // holds the connection open
      if (account === 'broken.bit') return json(500, { message: 'internal error' });
      if (account === 'garbled.bit') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        return;
      }
      if (account === 'busy.bit')
        return json(200, { errno: 10002, errmsg: 'db error', data: null });
      // This stand-in's format rule: lowercase labels without a double hyphen.
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*\.bit$/.test(account) || account.includes('--'))
        return json(200, { errno: 20006, errmsg: 'account format invalid', data: null });
      const records = state.get(account);
      if (!records) return json(200, { errno: 20007, errmsg: 'account not exist', data: null });
      json(200, { errno: 0, errmsg: '', data: { account, records } });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts: state,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}
