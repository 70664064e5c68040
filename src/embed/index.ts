// The embed transport. Importing this touches no browser global, so server-side rendering works.
export {
  createOriginPin,
  createWindowMessageStream,
  type OriginPin,
  type IncomingMessageEvent,
  type MessageListenWindow,
  type MessageTargetWindow,
  type WindowMessageStream,
  type WindowMessageStreamOptions,
} from './window-message-stream';
export {
  createMultiplex,
  type FrameChannel,
  type Multiplex,
  type MultiplexFrame,
  type MultiplexOptions,
  type Substream,
} from './multiplex';
export { ACK, BRK, SYN, type StreamEnvelope, type StreamPayload } from './wire';
export {
  createProviderPort,
  ProviderPortError,
  type ProviderPort,
  type ProviderPortEvent,
  type ProviderPortOptions,
  type RequestArguments,
} from './provider-port';
export { PROVIDER_FRAME_STREAM, PROVIDER_HOST_STREAM } from './provider-wire';
