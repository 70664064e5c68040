/**
 * What a dapp page and the provider frame (`provider-frame.html`, iframed by the dapp) say to
 * each other: JSON-RPC 2.0 over a window message stream (src/embed) whose names are these.
 * Names and types only, shared by the frame (src/ui/provider-frame) and the dapp-side helper (./provider-port.ts).
 */

/** The dapp page's stream name (envelopes to the dapp carry it as `target`). */
export const PROVIDER_HOST_STREAM = 'orrery_provider_host';
/** The frame's stream name. */
export const PROVIDER_FRAME_STREAM = 'orrery_provider_frame';

export type JsonRpcId = string | number;

export interface FrameRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

export type FrameResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: { code: number; message: string; data?: unknown } };

export interface FrameNotification {
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
}
