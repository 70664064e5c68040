import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import {
  defaultWhiteLabel,
  parseWhiteLabel,
  type WhiteLabel,
  type WhiteLabelRefusal,
} from '../../shared/white-label';

export const whiteLabelControllerName = 'WhiteLabelController';

export type WhiteLabelState = {
  /** The accepted configuration; views read it and never change it. */
  whiteLabel: WhiteLabel;
  /** What the last configuration asked for and was refused, so the views can say so. */
  refused: WhiteLabelRefusal[];
};

// Not persisted: the standalone wallet reads config.json at every start, and an embedding host
// sends its configuration with every init.
export const whiteLabelControllerMetadata = {
  whiteLabel: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
  refused: {
    persist: false,
    usedInUi: true,
    includeInDebugSnapshot: true,
    includeInStateLogs: true,
  },
} as const satisfies StateMetadata<WhiteLabelState>;

export function getDefaultWhiteLabelState(): WhiteLabelState {
  return { whiteLabel: defaultWhiteLabel(), refused: [] };
}

export type WhiteLabelControllerGetStateAction = ControllerGetStateAction<
  typeof whiteLabelControllerName,
  WhiteLabelState
>;
export type WhiteLabelControllerActions = WhiteLabelControllerGetStateAction;
export type WhiteLabelControllerEvents = ControllerStateChangeEvent<
  typeof whiteLabelControllerName,
  WhiteLabelState
>;
export type WhiteLabelControllerMessenger = Messenger<
  typeof whiteLabelControllerName,
  WhiteLabelControllerActions,
  WhiteLabelControllerEvents
>;

/**
 * The white-label configuration (name, logos, colours, default language, feature flags) held
 * for the views to read. It is set from configuration only (config.json at start; the embed's
 * init later), never by a view.
 */
export class WhiteLabelController extends BaseController<
  typeof whiteLabelControllerName,
  WhiteLabelState,
  WhiteLabelControllerMessenger
> {
  constructor({
    messenger,
    config,
  }: {
    messenger: WhiteLabelControllerMessenger;
    /** The raw `whiteLabel` object from configuration; checked field by field. */
    config?: unknown;
  }) {
    super({
      messenger,
      metadata: whiteLabelControllerMetadata,
      name: whiteLabelControllerName,
      state: { ...getDefaultWhiteLabelState(), ...parseWhiteLabel(config) },
    });
  }

  /** Replaces the configuration with what `raw` holds; returns what was refused. */
  setWhiteLabel(raw: unknown): WhiteLabelRefusal[] {
    const { whiteLabel, refused } = parseWhiteLabel(raw);
    this.update(() => ({ whiteLabel, refused }));
    return refused;
  }
}
