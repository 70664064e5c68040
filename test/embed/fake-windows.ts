// Two fake windows (host page and wallet iframe) that deliver postMessage the way browsers do:
// as a later task, structured-cloned, dropped when targetOrigin does not match the receiver,
// and dispatched as a `message` event carrying the sender's origin and window.

/** Getters on the prototype, like MessageEvent's, so reference code can read them via descriptors. */
export class FakeMessageEvent extends Event {
  readonly #data: unknown;
  readonly #origin: string;
  readonly #source: unknown;

  constructor(data: unknown, origin: string, source: unknown) {
    super('message');
    this.#data = data;
    this.#origin = origin;
    this.#source = source;
  }
  get data(): unknown {
    return this.#data;
  }
  get origin(): string {
    return this.#origin;
  }
  get source(): unknown {
    return this.#source;
  }
}

type MessageListener =
  ((event: FakeMessageEvent) => void) | EventListenerOrEventListenerObject | null;
type AddOptions = AddEventListenerOptions | boolean;
type RemoveOptions = EventListenerOptions | boolean;

export interface PostedMessage {
  message: unknown;
  targetOrigin: string;
}

/** Messages posted and not yet dispatched, across every fake window: what `settle` waits for. */
let queued = 0;

export class FakeWindow extends EventTarget {
  /** Every postMessage call made on this window, in order, as cloned at call time. */
  readonly posted: PostedMessage[] = [];
  /** The window whose code calls our postMessage (the iframe for the host, and back). */
  peer: FakeWindow | undefined;
  // openlogin-jrpc's multiplexer warns through window.console.
  readonly console = console;

  constructor(readonly origin: string) {
    super();
  }

  // Typed like Window's, so a FakeWindow passes where code expects a window's message events.
  override addEventListener(type: string, listener: MessageListener, options?: AddOptions): void {
    super.addEventListener(type, listener as EventListener, options);
  }
  override removeEventListener(type: string, listener: MessageListener, options?: RemoveOptions) {
    super.removeEventListener(type, listener as EventListener, options);
  }

  postMessage(message: unknown, targetOrigin: string): void {
    if (!this.peer) throw new Error('fake window without a peer');
    this.posted.push({ message: structuredClone(message), targetOrigin });
    this.deliver(message, { origin: this.peer.origin, source: this.peer, targetOrigin });
  }

  /** A message from any window and origin, e.g. a third-party frame. */
  deliver(
    message: unknown,
    {
      origin,
      source,
      targetOrigin = '*',
    }: { origin: string; source: unknown; targetOrigin?: string },
  ): void {
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return;
    const data = structuredClone(message);
    queued += 1;
    setTimeout(() => {
      queued -= 1;
      this.dispatchEvent(new FakeMessageEvent(data, origin, source));
    }, 0);
  }

  /** The envelopes posted to this window, without the targetOrigin. */
  envelopes(): unknown[] {
    return this.posted.map((posted) => posted.message);
  }
}

export const HOST_ORIGIN = 'https://dapp.example';
export const WALLET_ORIGIN = 'http://localhost:4050';

export function createWindowPair(hostOrigin = HOST_ORIGIN, iframeOrigin = WALLET_ORIGIN) {
  const host = new FakeWindow(hostOrigin);
  const iframe = new FakeWindow(iframeOrigin);
  host.peer = iframe;
  iframe.peer = host;
  return { host, iframe };
}

/** Resolves once `predicate` holds; fails after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Lets queued deliveries run, so "nothing arrived" is a real observation: waits at least `ms`,
 * then until no posted message is waiting for delivery over several turns of the event loop (a
 * handler may answer after a promise or two). Counted, not timed: on a busy machine a late
 * delivery is waited for instead of missed.
 */
export async function settle(ms = 20): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  for (let quietTurns = 0; quietTurns < 3;) {
    await new Promise((resolve) => setImmediate(resolve));
    quietTurns = queued === 0 ? quietTurns + 1 : 0;
  }
}
