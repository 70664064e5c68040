// In jsdom: the stream on a real DOM window (its default), fed real MessageEvent objects.
// jsdom's postMessage sets neither origin nor source, so the frame's side is played by
// dispatching MessageEvents as a browser would deliver them.
import { createWindowMessageStream, type WindowMessageStream } from '../../src/embed';

const WALLET_ORIGIN = 'http://localhost:4050';

describe('window message stream on a DOM window', () => {
  let frame: Window;
  let posted: jest.SpyInstance;
  let stream: WindowMessageStream;

  beforeEach(() => {
    const iframe = document.createElement('iframe');
    document.body.appendChild(iframe);
    frame = iframe.contentWindow as Window;
    posted = jest.spyOn(frame, 'postMessage').mockImplementation(() => undefined);
    stream = createWindowMessageStream({
      name: 'embed_metamask',
      target: 'iframe_metamask',
      targetWindow: frame,
      targetOrigin: WALLET_ORIGIN,
    });
  });
  afterEach(() => {
    stream.close();
    document.body.innerHTML = '';
  });

  const fromFrame = (data: unknown, origin = WALLET_ORIGIN, source: Window = frame) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { target: 'embed_metamask', data }, origin, source }),
    );
  const postedData = () =>
    posted.mock.calls.map(([message]) => (message as { data: unknown }).data);

  it('handshakes with MessageEvents from the frame and then delivers its data', () => {
    const received: unknown[] = [];
    stream.onData((data) => received.push(data));
    stream.send({ name: 'provider', data: { id: 1 } });
    expect(posted.mock.calls).toEqual([
      [{ target: 'iframe_metamask', data: 'BRK' }, WALLET_ORIGIN],
      [{ target: 'iframe_metamask', data: 'SYN' }, WALLET_ORIGIN],
    ]);

    fromFrame('SYN');
    fromFrame('ACK');
    expect(stream.connected).toBe(true);
    expect(postedData().slice(2)).toEqual(['ACK', { name: 'provider', data: { id: 1 } }]);

    fromFrame({ name: 'provider', data: { id: 1, result: '0x1' } });
    expect(received).toEqual([{ name: 'provider', data: { id: 1, result: '0x1' } }]);
  });

  it('ignores the page itself, other origins, and anything after close', () => {
    const received: unknown[] = [];
    stream.onData((data) => received.push(data));
    fromFrame('ACK', 'http://localhost'); // the page's own origin
    fromFrame('ACK', WALLET_ORIGIN, window); // the page's own window
    expect(stream.connected).toBe(false);

    fromFrame('ACK');
    fromFrame({ from: 'evil' }, 'https://evil.example');
    fromFrame({ from: 'wallet' });
    stream.close();
    fromFrame({ from: 'wallet, after close' });
    expect(received).toEqual([{ from: 'wallet' }]);
  });
});
