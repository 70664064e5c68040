// jsdom lacks a few platform APIs that our UI code relies on in the browser.
import { TextDecoder, TextEncoder } from 'node:util';
import { webcrypto } from 'node:crypto';

Object.assign(globalThis, { TextEncoder, TextDecoder });
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto });
if (!globalThis.structuredClone) globalThis.structuredClone = (v) => JSON.parse(JSON.stringify(v));
