import { Messenger } from '@metamask/messenger';

import type {
  KeyringControllerActions,
  KeyringControllerEvents,
} from '../../controllers/keyring/KeyringController';
import type {
  NetworkControllerActions,
  NetworkControllerEvents,
} from '../../controllers/network/NetworkController';
import type {
  PreferencesControllerActions,
  PreferencesControllerEvents,
} from '../../controllers/preferences/PreferencesController';

/** Every action and event of every controller the engine wires. */
export type RootActions =
  NetworkControllerActions | PreferencesControllerActions | KeyringControllerActions;
export type RootEvents =
  NetworkControllerEvents | PreferencesControllerEvents | KeyringControllerEvents;

export type RootMessenger = Messenger<'Root', RootActions, RootEvents>;

export function createRootMessenger(): RootMessenger {
  return new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
}

/** A controller's own messenger: its namespace, delegated to the root automatically. */
export function createControllerMessenger<
  Namespace extends string,
  Actions extends RootActions,
  Events extends RootEvents,
>(root: RootMessenger, namespace: Namespace): Messenger<Namespace, Actions, Events> {
  // The parent's types are wider than the child's; the messenger checks namespaces at run time.
  return new Messenger<Namespace, Actions, Events, RootMessenger>({
    namespace,
    parent: root as never,
  });
}
