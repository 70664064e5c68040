/**
 * The page's links to the engine, against hand-driven engines: what a page accepts (only its own
 * frames, only from the engine it is connected to, a welcome only from the latest engine
 * announced), what it queues, and the SharedWorker link's switch to the broadcast channel.
 */
import { createMemoryPortPair } from '../../src/background/sync/memory-port';
import {
  WIRE_VERSION,
  type BroadcastMessage,
  type EngineFrame,
  type PageFrame,
  type PortMessageToEngine,
  type PortMessageToPage,
} from '../../src/background/contract/protocol';
import {
  createBroadcastLink,
  createSharedWorkerLink,
  type EngineLink,
} from '../../src/ui/bridge/engine-link';
import { waitFor } from '../background/helpers';

let count = 0;
const toClose: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of toClose.splice(0)) item.close();
});

function channels() {
  const name = `link-test-${++count}`;
  const page = new BroadcastChannel(name);
  const engine = new BroadcastChannel(name);
  toClose.push(engine, page);
  const heard: BroadcastMessage[] = [];
  engine.addEventListener('message', (event) => heard.push(event.data as BroadcastMessage));
  return { page, engine, heard };
}

function record(link: EngineLink) {
  toClose.push(link);
  const frames: EngineFrame[] = [];
  const connects: string[] = [];
  link.onFrame((frame) => frames.push(frame));
  link.onConnect((engineId) => connects.push(engineId));
  return { frames, connects };
}

const kinds = (messages: BroadcastMessage[]) => messages.map((m) => m.kind);

const subscribe: PageFrame = { channel: 'view', message: { type: 'subscribe' } };
const opened = (stream: number): EngineFrame => ({
  channel: 'provider',
  stream,
  message: { type: 'opened', origin: 'https://dapp.example' },
});

describe('broadcast link', () => {
  it('says hello, queues until welcomed, then addresses the engine that welcomed it', async () => {
    const { page, engine, heard } = channels();
    const link = createBroadcastLink(page, 'client-1234');
    const seen = record(link);
    link.send(subscribe);
    await waitFor(() => heard.length > 0, 'the hello');
    expect(heard[0]).toEqual({ kind: 'hello', clientId: 'client-1234', version: WIRE_VERSION });

    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'someone-else' });
    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'client-1234' });
    await waitFor(() => kinds(heard).includes('to-engine'), 'the queued frame');
    expect(seen.connects).toEqual(['engine-A']);
    expect(heard.find((m) => m.kind === 'to-engine')).toEqual({
      kind: 'to-engine',
      engineId: 'engine-A',
      clientId: 'client-1234',
      seq: 1,
      frame: subscribe,
    });

    // Only its own frames, from its own engine.
    const toPage = (engineId: string, clientId: string, seq: number, stream: number) =>
      engine.postMessage({ kind: 'to-page', engineId, clientId, seq, frame: opened(stream) });
    toPage('engine-B', 'client-1234', 1, 1);
    toPage('engine-A', 'someone-else', 1, 2);
    toPage('engine-A', 'client-1234', 1, 3);
    await waitFor(() => seen.frames.length > 0, 'a frame');
    expect(seen.frames).toEqual([opened(3)]);
  });

  it("delivers the engine's frames once and in order when some are lost or repeated, and acknowledges them", async () => {
    const { page, engine, heard } = channels();
    const seen = record(createBroadcastLink(page, 'client-1234'));
    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'client-1234' });
    await waitFor(() => seen.connects.length === 1, 'the connection');
    const toPage = (seq: number) =>
      engine.postMessage({
        kind: 'to-page',
        engineId: 'engine-A',
        clientId: 'client-1234',
        seq,
        frame: opened(seq),
      });
    // 2 and 3 arrive before 1 (its first sending was lost); 2 comes again.
    for (const seq of [2, 3, 2, 1, 4]) toPage(seq);
    await waitFor(() => seen.frames.length === 4, 'four frames');
    await waitFor(
      () => heard.some((m) => m.kind === 'page-ack' && m.upTo === 4),
      'the acknowledgement of all four',
    );
    expect(seen.frames).toEqual([opened(1), opened(2), opened(3), opened(4)]);
  });

  it('sends a frame again until the engine acknowledges it, and says hello until welcomed', async () => {
    const { page, engine, heard } = channels();
    const link = createBroadcastLink(page, 'client-1234');
    record(link);
    await waitFor(() => kinds(heard).filter((k) => k === 'hello').length >= 2, 'a second hello');
    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'client-1234' });
    await waitFor(() => link.engineId === 'engine-A', 'the connection');
    link.send(subscribe);
    const sent = () => heard.filter((m) => m.kind === 'to-engine' && m.seq === 1).length;
    await waitFor(() => sent() >= 2, 'the frame sent again');
    engine.postMessage({
      kind: 'engine-ack',
      engineId: 'engine-A',
      clientId: 'client-1234',
      upTo: 1,
    });
    link.send(subscribe);
    await waitFor(() => heard.some((m) => m.kind === 'to-engine' && m.seq === 2), 'the next frame');
  });

  it('greets every newly announced engine and takes a welcome only from the latest one', async () => {
    const { page, engine, heard } = channels();
    const link = createBroadcastLink(page, 'client-1234');
    const seen = record(link);
    engine.postMessage({ kind: 'engine-up', engineId: 'engine-A', version: WIRE_VERSION });
    engine.postMessage({ kind: 'engine-up', engineId: 'engine-Z', version: WIRE_VERSION + 1 });
    await waitFor(() => kinds(heard).filter((k) => k === 'hello').length >= 2, 'the second hello');
    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'client-1234' });
    await waitFor(() => seen.connects.length === 1, 'the connection');

    const hellos = kinds(heard).filter((k) => k === 'hello').length;
    engine.postMessage({ kind: 'engine-up', engineId: 'engine-B', version: WIRE_VERSION });
    await waitFor(
      () => kinds(heard).filter((k) => k === 'hello').length > hellos,
      'the hello to engine B',
    );
    // A late welcome from the departed engine changes nothing.
    engine.postMessage({ kind: 'welcome', engineId: 'engine-A', clientId: 'client-1234' });
    engine.postMessage({ kind: 'welcome', engineId: 'engine-B', clientId: 'client-1234' });
    await waitFor(() => seen.connects.length === 2, 'the handover');
    expect(seen.connects).toEqual(['engine-A', 'engine-B']);
    expect(link.engineId).toBe('engine-B');
  });

  it('refuses to queue without end while no engine answers', () => {
    const { page } = channels();
    const link = createBroadcastLink(page, 'client-1234');
    toClose.push(link);
    for (let i = 0; i < 1000; i++) link.send(subscribe);
    expect(() => link.send(subscribe)).toThrow('1000 messages already wait');
  });
});

describe('SharedWorker link', () => {
  function sharedWorkerLink() {
    const [pagePort, workerPort] = createMemoryPortPair<PortMessageToPage, PortMessageToEngine>();
    const toWorker: PortMessageToEngine[] = [];
    workerPort.onMessage((message) => toWorker.push(message));
    const broadcast = channels();
    let broadcastLinks = 0;
    const link = createSharedWorkerLink(pagePort, 'client-1234', () => {
      broadcastLinks += 1;
      return createBroadcastLink(broadcast.page, 'client-1234');
    });
    return {
      link,
      seen: record(link),
      workerPort,
      toWorker,
      broadcast,
      broadcastLinks: () => broadcastLinks,
    };
  }

  it('talks over its port once the worker welcomes it', async () => {
    const { link, seen, workerPort, toWorker, broadcastLinks } = sharedWorkerLink();
    link.send(subscribe);
    await waitFor(() => toWorker.length > 0, 'the hello');
    expect(toWorker).toEqual([{ kind: 'hello', clientId: 'client-1234', version: WIRE_VERSION }]);
    workerPort.postMessage({ kind: 'welcome', engineId: 'engine-A' });
    workerPort.postMessage({ kind: 'frame', frame: opened(1) });
    await waitFor(() => toWorker.length > 1 && seen.frames.length > 0, 'frames both ways');
    expect(toWorker[1]).toEqual({ kind: 'frame', frame: subscribe });
    expect(seen.connects).toEqual(['engine-A']);
    expect(broadcastLinks()).toBe(0);
  });

  it('goes over the broadcast channel when the engine runs elsewhere', async () => {
    const { link, seen, workerPort, toWorker, broadcast, broadcastLinks } = sharedWorkerLink();
    link.send(subscribe);
    workerPort.postMessage({ kind: 'elsewhere' });
    await waitFor(() => broadcast.heard.length > 0, 'the hello on the channel');
    expect(broadcastLinks()).toBe(1);
    broadcast.engine.postMessage({
      kind: 'welcome',
      engineId: 'engine-B',
      clientId: 'client-1234',
    });
    await waitFor(() => kinds(broadcast.heard).includes('to-engine'), 'the queued frame');
    expect(broadcast.heard.find((m) => m.kind === 'to-engine')).toMatchObject({
      kind: 'to-engine',
      engineId: 'engine-B',
      seq: 1,
      frame: subscribe,
    });
    expect(seen.connects).toEqual(['engine-B']);
    // The port carries nothing but the hello, and a late welcome on it is ignored.
    workerPort.postMessage({ kind: 'welcome', engineId: 'engine-A' });
    broadcast.engine.postMessage({
      kind: 'to-page',
      engineId: 'engine-B',
      clientId: 'client-1234',
      seq: 1,
      frame: opened(1),
    });
    await waitFor(() => seen.frames.length > 0, 'a frame');
    expect(seen.connects).toEqual(['engine-B']);
    expect(toWorker).toHaveLength(1);
  });
});
