import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { Json } from '@metamask/utils';

import type { StorageAdapter } from './storage-adapter';

/**
 * Keeps persisted state in one JSON file (Node only). Every write goes to a temporary file that
 * is then renamed over the old one, so a crash mid-write leaves the previous state intact.
 */
export class FileStorage implements StorageAdapter {
  readonly #path: string;
  #writing: Promise<void> = Promise.resolve();
  /** What the file holds after this instance's last write: later writes merge without re-reading it. */
  #written: Record<string, Json> | undefined;

  constructor(path: string) {
    this.#path = path;
  }

  async getAll(): Promise<Record<string, Json>> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    try {
      return JSON.parse(text) as Record<string, Json>;
    } catch {
      throw new Error(`The state file ${this.#path} is not valid JSON; it was left untouched.`);
    }
  }

  setMany(entries: Record<string, Json>): Promise<void> {
    // Writes are chained so that two saves never race on the temporary file.
    const write = this.#writing.then(async () => {
      const next = { ...(this.#written ?? (await this.getAll())), ...entries };
      await mkdir(dirname(this.#path), { recursive: true });
      const temporary = `${this.#path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(next), 'utf8');
      await rename(temporary, this.#path);
      this.#written = next;
    });
    this.#writing = write.catch(() => undefined);
    return write;
  }
}
