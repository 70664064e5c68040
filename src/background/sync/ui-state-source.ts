import { deriveStateFromMetadata, type StateMetadata } from '@metamask/base-controller';
import type { Json } from '@metamask/utils';

import type { UiState } from '../contract/ui-state';
import type { StatePatch } from '../contract/protocol';

export interface UiVisibleController {
  name: string;
  state: Record<string, Json>;
  metadata: StateMetadata<Record<string, Json>>;
}

export interface PatchBatch {
  seq: number;
  patches: StatePatch[];
}

/** A patch as a controller's `stateChange` event carries it (immer's, path within that controller). */
export interface ImmerPatch {
  op: 'replace' | 'add' | 'remove';
  path: readonly (string | number)[];
  value?: unknown;
}

/**
 * The one ordered stream of UI-visible state: a snapshot carries the sequence number of the last
 * batch it includes, and every later batch carries the next number. Keys whose metadata does not
 * say `usedInUi` never enter the snapshot or a patch.
 */
export class UiStateSource {
  readonly #controllers: Map<string, UiVisibleController>;
  readonly #listeners = new Set<(batch: PatchBatch) => void>();
  #seq = 0;

  constructor(controllers: readonly UiVisibleController[]) {
    this.#controllers = new Map(controllers.map((controller) => [controller.name, controller]));
  }

  getState(): UiState {
    const state: Record<string, Json> = {};
    for (const controller of this.#controllers.values()) {
      state[controller.name] = deriveStateFromMetadata(
        controller.state,
        controller.metadata,
        'usedInUi',
      );
    }
    return state as unknown as UiState;
  }

  getSnapshot(): { seq: number; state: UiState } {
    return { seq: this.#seq, state: this.getState() };
  }

  subscribe(listener: (batch: PatchBatch) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes a controller's state-change patches and publishes the UI-visible part as the next batch. */
  publish(controllerName: string, patches: readonly ImmerPatch[]): void {
    const controller = this.#controllers.get(controllerName);
    if (!controller) return;
    // With no view subscribed there is no one to filter for (the headless API, a dapp signing
    // with every window closed); the number still advances, as if the batch went out unheard.
    if (this.#listeners.size === 0) {
      ++this.#seq;
      return;
    }
    const visible = this.#filter(controller, patches);
    if (visible.length === 0) return;
    const batch: PatchBatch = { seq: ++this.#seq, patches: visible };
    for (const listener of this.#listeners) listener(batch);
  }

  #filter(controller: UiVisibleController, patches: readonly ImmerPatch[]): StatePatch[] {
    const result: StatePatch[] = [];
    for (const patch of patches) {
      const key = patch.path[0];
      if (key === undefined) {
        // The whole state was replaced: send the visible part of the new state.
        result.push({
          op: 'replace',
          path: [controller.name],
          value: deriveStateFromMetadata(controller.state, controller.metadata, 'usedInUi'),
        });
      } else if (controller.metadata[key]?.usedInUi) {
        const statePatch: StatePatch = { op: patch.op, path: [controller.name, ...patch.path] };
        if (patch.op !== 'remove') statePatch.value = patch.value;
        result.push(statePatch);
      }
    }
    return result;
  }
}
