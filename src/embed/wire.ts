// The post-message-stream wire format spoken by @toruslabs/torus-embed <= 5.0.2 (through
// @toruslabs/openlogin-jrpc) and by @metamask/post-message-stream: every message is an envelope
// `{ target: receiverStreamName, data }`, and the first messages are the handshake words below.

/** Sent by a stream when it starts. */
export const SYN = 'SYN';
/** Answers SYN; a side that receives ACK is connected (and answers ACK if it never saw a SYN). */
export const ACK = 'ACK';
/** openlogin-jrpc only: a connected stream that receives BRK drops back to the handshake. */
export const BRK = 'BRK';

/** What an envelope may carry: the reference streams drop falsy data and other types. */
export type StreamPayload = string | number | object;

export interface StreamEnvelope {
  target: string;
  data: StreamPayload;
}

export function isStreamPayload(data: unknown): data is StreamPayload {
  return (
    Boolean(data) &&
    (typeof data === 'string' || typeof data === 'number' || typeof data === 'object')
  );
}

export function isControlWord(data: unknown): boolean {
  return data === SYN || data === ACK || data === BRK;
}

/** True for an envelope addressed to the stream called `name`. */
export function isEnvelopeFor(message: unknown, name: string): message is StreamEnvelope {
  if (typeof message !== 'object' || message === null) return false;
  const envelope = message as Partial<StreamEnvelope>;
  return envelope.target === name && isStreamPayload(envelope.data);
}

/** A serialized tuple origin such as `https://wallet.example:8443`; never '*' or 'null'. */
export function isExactOrigin(origin: unknown): origin is string {
  if (typeof origin !== 'string' || origin === 'null') return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}
