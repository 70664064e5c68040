import { action, computed, makeObservable, observable } from 'mobx';

import type { StatePatch } from '../../background/contract/protocol';
import type { UiState } from '../../background/contract/ui-state';
import type { StateSink } from '../bridge/background-client';
import { applyStatePatches } from './apply-state-patches';

/**
 * The view's mirror of the background's UI state, as deep MobX observables. It is fed only by
 * the bridge (snapshot + patches) and owns its copies: views never see background objects.
 */
export class RootStore implements StateSink {
  /** Null until the first snapshot arrives. */
  state: UiState | null = null;

  constructor() {
    makeObservable(this, {
      state: observable,
      isReady: computed,
      applySnapshot: action,
      applyPatches: action,
    });
  }

  get isReady(): boolean {
    return this.state !== null;
  }

  /** The mirrored state; only call where the app shell has already waited for the first snapshot. */
  get ui(): UiState {
    if (!this.state) throw new Error('The UI state has not arrived from the background yet');
    return this.state;
  }

  applySnapshot(state: UiState): void {
    this.state = structuredClone(state);
  }

  applyPatches(patches: StatePatch[]): void {
    if (!this.state) throw new Error('Cannot apply patches before a snapshot');
    applyStatePatches(this.state, structuredClone(patches));
  }
}
