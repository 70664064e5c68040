/**
 * The state a view sees: per controller, only the keys whose metadata says `usedInUi`.
 * Derived from the engine's controller descriptors (engine/modules), type only: each entry is
 * the controller's state narrowed to the keys its metadata marks for views, so a secret such as
 * the keyring's vault is absent from the type as it is from the stream. `sync/ui-state-source.ts`
 * derives the values at run time from the same metadata; test/background/ui-sync.test.ts keeps
 * the two in step.
 */
import type { ModuleUiState } from '../engine/controller-module';
import type { ControllerModules } from '../engine/modules';

export type UiState = {
  [Module in ControllerModules[number] as Module['name']]: ModuleUiState<Module>;
};

export type UiControllerName = keyof UiState;
