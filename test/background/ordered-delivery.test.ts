/**
 * Numbered frames over a channel that loses messages (src/background/contract/ordered-delivery.ts,
 * used by both ends of the broadcast link): each frame delivered once and in order, resent until
 * acknowledged, and no timer left running once nothing waits. Fake timers drive the resends.
 */
import {
  ACK_DELAY_MS,
  InboundFrames,
  OutboundFrames,
  RESEND_AFTER_MS,
} from '../../src/background/contract/ordered-delivery';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('OutboundFrames', () => {
  it('numbers frames from 1 and sends each again until it is acknowledged', () => {
    const posted: Array<[number, string]> = [];
    const out = new OutboundFrames<string>((seq, frame) => posted.push([seq, frame]));
    out.send('a');
    out.send('b');
    expect(posted).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    jest.advanceTimersByTime(RESEND_AFTER_MS);
    expect(posted.slice(2)).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    out.acknowledge(1);
    jest.advanceTimersByTime(RESEND_AFTER_MS);
    expect(posted.slice(4)).toEqual([[2, 'b']]);
    expect(out.pending).toBe(1);
    out.acknowledge(2);
    expect(out.pending).toBe(0);
    // Nothing waits: no timer runs (an idle link polls nothing).
    expect(jest.getTimerCount()).toBe(0);
  });

  it('sends nothing more once closed', () => {
    const posted: number[] = [];
    const out = new OutboundFrames<string>((seq) => posted.push(seq));
    out.send('a');
    out.close();
    out.send('b');
    jest.advanceTimersByTime(RESEND_AFTER_MS * 3);
    expect(posted).toEqual([1]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('InboundFrames', () => {
  it('delivers in order exactly once, holding early frames and dropping repeats', () => {
    const delivered: string[] = [];
    const acks: number[] = [];
    const inbound = new InboundFrames<string>(
      (frame) => delivered.push(frame),
      (upTo) => acks.push(upTo),
    );
    inbound.receive(2, 'b');
    inbound.receive(3, 'c');
    expect(delivered).toEqual([]);
    inbound.receive(1, 'a');
    inbound.receive(2, 'b');
    inbound.receive(0, 'zero');
    inbound.receive(Number.NaN, 'nan');
    inbound.receive(4, 'd');
    expect(delivered).toEqual(['a', 'b', 'c', 'd']);
    // One acknowledgement for the batch, of the last frame delivered.
    jest.advanceTimersByTime(ACK_DELAY_MS);
    expect(acks).toEqual([4]);
  });

  it('acknowledges a repeat again: the first acknowledgement may be what was lost', () => {
    const acks: number[] = [];
    const inbound = new InboundFrames<string>(
      () => undefined,
      (upTo) => acks.push(upTo),
    );
    inbound.receive(1, 'a');
    jest.advanceTimersByTime(ACK_DELAY_MS);
    inbound.receive(1, 'a');
    jest.advanceTimersByTime(ACK_DELAY_MS);
    expect(acks).toEqual([1, 1]);
  });
});

describe('both halves over a channel that loses a third of the messages each way', () => {
  it('delivers all 500 frames once and in order, then goes quiet', () => {
    // A fixed pseudo-random loss pattern, so a failure can be replayed.
    let state = 7;
    const lost = () => (state = (state * 1103515245 + 12345) % 2 ** 31) % 3 === 0;
    const delivered: number[] = [];
    let toReceiver: (seq: number, frame: number) => void = () => undefined;
    const out = new OutboundFrames<number>((seq, frame) => {
      if (!lost()) toReceiver(seq, frame);
    });
    const inbound = new InboundFrames<number>(
      (frame) => delivered.push(frame),
      (upTo) => {
        if (!lost()) out.acknowledge(upTo);
      },
    );
    toReceiver = (seq, frame) => inbound.receive(seq, frame);

    for (let i = 0; i < 500; i++) out.send(i);
    for (let round = 0; round < 200 && out.pending > 0; round++) {
      jest.advanceTimersByTime(RESEND_AFTER_MS);
    }
    expect(delivered).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(out.pending).toBe(0);
    jest.advanceTimersByTime(ACK_DELAY_MS);
    expect(jest.getTimerCount()).toBe(0);
  });
});
