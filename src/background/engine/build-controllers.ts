import { ChainBatching } from '../../controllers/assets/batch-reads';
import { createBackendClient } from '../../controllers/backend/api-client';
import type { PersistedStates } from '../persistence/migrations';
import {
  type AnyControllerModule,
  type ControllerOf,
  type ControllerOptions,
  type EngineController,
  type EngineServices,
  orderByDependencies,
  type ViewPolling,
} from './controller-module';
import { CONTROLLER_MODULES, type ControllerModules } from './modules';
import { createControllerMessenger, type RootMessenger } from './root-messenger';

export type { AssetsOptions, ControllerOptions } from './controller-module';

/** Every controller the engine runs, by name. */
export type Controllers = {
  readonly [Module in ControllerModules[number] as Module['name']]: ControllerOf<Module>;
};

/** The built controllers and what the engine derives from their descriptors. */
export interface ControllerSet {
  controllers: Controllers;
  /** Every controller, in the descriptor list's order (the order of state keys). */
  all: readonly EngineController[];
  /** Those that poll only while a view is open. */
  viewPolling: readonly ViewPolling[];
  /** Starts every controller, dependencies first, each after the previous one's init. */
  init(): Promise<void>;
  /** Stops every controller in reverse dependency order. */
  destroy(): Promise<void>;
}

/**
 * Builds every controller of the descriptor list from its persisted state, each with its own
 * messenger, in dependency order. Nothing here calls a controller: cross-controller reads go
 * through the messenger at run time, and starting work is each descriptor's `init`.
 */
export function buildControllers(
  root: RootMessenger,
  states: PersistedStates,
  options: ControllerOptions,
  modules: readonly AnyControllerModule[] = CONTROLLER_MODULES,
): ControllerSet {
  const services = createServices(options);
  const built = new Map<string, EngineController>();
  const context = {
    options,
    services,
    controller(name: string) {
      const found = built.get(name);
      if (!found) throw new Error(`${name} is not built yet.`);
      return found;
    },
  };
  const ordered = orderByDependencies(modules).map((module) => {
    const controller = module.build({
      ...context,
      state: states[module.name],
      messenger: (namespace, allowed) => createControllerMessenger(root, namespace, allowed),
    });
    built.set(module.name, controller);
    return { module, controller };
  });
  const all = modules.map((module) => context.controller(module.name));
  return {
    // Keyed by the descriptors' names, so each entry is the controller its own module built.
    controllers: Object.fromEntries(built) as unknown as Controllers,
    all,
    viewPolling: ordered
      .filter(({ module }) => module.pollsWhileViewOpen(options))
      // pollsWhileViewOpen is typed to be settable only on a controller with these methods.
      .map(({ controller }) => controller as unknown as ViewPolling),
    async init() {
      for (const { module, controller } of ordered) await module.init(controller, context);
    },
    async destroy() {
      for (const { module, controller } of [...ordered].reverse()) await module.destroy(controller);
    },
  };
}

/** What several controllers share, built once: the backend client and per-chain batching. */
function createServices(options: ControllerOptions): EngineServices {
  const assets = options.assets ?? {};
  return {
    backend: createBackendClient({
      baseUrl: options.backendUrl ?? 'http://backend.not-configured',
      fetch: options.backendUrl
        ? undefined
        : () => Promise.reject(new Error('No backend API is configured for this wallet.')),
    }),
    chainBatching: new ChainBatching({
      multicall: assets.multicall,
      ...(assets.balanceCheckers ? { balanceCheckers: assets.balanceCheckers } : {}),
    }),
  };
}
