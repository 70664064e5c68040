import { Messenger } from '@metamask/messenger';

import type { AnyMessenger, ModuleActions, ModuleEvents } from './controller-module';
import type { ControllerModules } from './modules';

/** Every action and event of every controller the engine runs (derived from the descriptors). */
export type RootActions = ModuleActions<ControllerModules[number]>;
export type RootEvents = ModuleEvents<ControllerModules[number]>;

export type RootMessenger = Messenger<'Root', RootActions, RootEvents>;

export function createRootMessenger(): RootMessenger {
  return new Messenger<'Root', RootActions, RootEvents>({ namespace: 'Root' });
}

/**
 * A controller's own messenger: its namespace is delegated to the root automatically, and the
 * other controllers' actions and events it names are delegated down to it. (Each descriptor's
 * lists are typed against its controller's messenger; see controller-module.ts.)
 */
export function createControllerMessenger(
  root: RootMessenger,
  namespace: string,
  allowed: { actions: readonly string[]; events: readonly string[] },
): AnyMessenger {
  // The child's types are the controller's own; the root's are the union of all of them.
  const child: AnyMessenger = new Messenger({ namespace, parent: root as never });
  if (allowed.actions.length > 0 || allowed.events.length > 0) {
    root.delegate({
      messenger: child as never,
      actions: [...allowed.actions] as never,
      events: [...allowed.events] as never,
    });
  }
  return child;
}
