// The parent's end of engine-process.ts: starts the engine in a child process, talks to it over
// IPC, and kills it with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import type { UiState } from '../../src/background/contract/ui-state';
import type { TransactionStatus } from '../../src/controllers/transactions/types';
import type { CrashPhase } from './crash-storage';
import type { EngineProcessEvent, EngineProcessRequest } from './engine-process';

type Reply = { reply: number; result?: unknown; error?: string };
/** A request without its id (the id is added here), kept per kind of request. */
type Request = EngineProcessRequest extends infer R
  ? R extends unknown
    ? Omit<R, 'id'>
    : never
  : never;

const SCRIPT = path.join(__dirname, 'engine-process.ts');
const START_TIMEOUT_MS = 60_000;

export class EngineProcess {
  readonly #child: ChildProcess;
  readonly #waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  readonly #crashes = new Map<string, () => void>();
  readonly #exited: Promise<void>;
  #nextId = 1;
  /** What the process wrote to stderr, for a failing test's message. */
  stderr = '';

  private constructor(child: ChildProcess) {
    this.#child = child;
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    child.on('message', (message: Reply | EngineProcessEvent) => {
      if ('reply' in message) {
        const waiter = this.#waiting.get(message.reply);
        this.#waiting.delete(message.reply);
        if (message.error !== undefined) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      } else if (message.event === 'crashed') {
        this.#crashes.get(message.txId)?.();
      }
    });
    this.#exited = new Promise((resolve) => {
      child.once('exit', () => {
        for (const waiter of this.#waiting.values()) waiter.reject(new Error('the engine is gone'));
        this.#waiting.clear();
        resolve();
      });
    });
  }

  /** Starts the engine on `stateFile` against `rpcUrl`; resolves once it runs. */
  static async start(stateFile: string, rpcUrl: string, chainId: string): Promise<EngineProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, stateFile, rpcUrl, chainId], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const engine = new EngineProcess(child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the engine process did not start: ${engine.stderr}`)),
        START_TIMEOUT_MS,
      );
      child.on('message', (message: EngineProcessEvent) => {
        if ('event' in message && message.event === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the engine process exited with ${code}: ${engine.stderr}`));
      });
    });
    return engine;
  }

  #request<T>(request: Request): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.#child.connected) {
        reject(new Error(`the engine is gone: ${this.stderr}`));
        return;
      }
      this.#waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#child.send({ ...request, id });
    });
  }

  /** Runs an action of the ActionApi; resolves once its change is stored. */
  call<T = unknown>(action: string, params: unknown[] = []): Promise<T> {
    return this.#request<T>({ type: 'call', action, params });
  }

  /** Adds a transaction as the wallet's own screens would; it then waits for approval. */
  send(txParams: Record<string, unknown>, origin = 'orrery'): Promise<void> {
    return this.#request({ type: 'send', txParams, origin });
  }

  state(): Promise<UiState> {
    return this.#request<UiState>({ type: 'state' });
  }

  /**
   * Tells the engine's storage to stop at the write of `status` (before or after it lands);
   * resolves once it is told, with `crashed`, which resolves when the storage stopped there.
   */
  async crashAt(
    txId: string,
    status: TransactionStatus,
    phase: CrashPhase,
  ): Promise<{ crashed: Promise<void> }> {
    const crashed = new Promise<void>((resolve) => this.#crashes.set(txId, resolve));
    await this.#request({ type: 'crashAt', txId, status, phase });
    return { crashed };
  }

  /** SIGKILL: nothing in the process runs after this. Resolves once it is gone. */
  async kill(): Promise<void> {
    this.#child.kill('SIGKILL');
    await this.#exited;
  }
}
