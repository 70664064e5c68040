/**
 * Controllers as modules. Each controller the engine runs is described once, by a descriptor
 * (`defineController`, one file per controller in `./modules`, listed in `./modules/index.ts`):
 * its class and name, its state metadata, the other controllers' actions and events its
 * messenger may use, the controllers its options reach, its constructor options, and how it
 * starts, stops and polls. The engine derives everything else from the list: construction, init
 * and destroy order, the root messenger's types, persistence, what views see and which
 * controllers poll while a view is open. Controllers themselves import nothing from here.
 */
import type { BaseControllerInstance, StateMetadata } from '@metamask/base-controller';
import type {
  ActionConstraint,
  EventConstraint,
  Messenger,
  MessengerActions,
  MessengerEvents,
  NamespacedName,
} from '@metamask/messenger';
import type { Json } from '@metamask/utils';

import type { ChainBatching } from '../../controllers/assets/batch-reads';
import type { KnownTokenLists } from '../../controllers/assets/known-tokens';
import type { BackendClient } from '../../controllers/backend/api-client';
import type { GasApiOptions } from '../../controllers/gas/gas-api';
import type { Timers } from '../../controllers/polling/timers';
import type { ProviderConfig } from '../../shared/networks';
import type { Hex } from '../../shared/primitives';
import type { LoginSessionStore } from '../../controllers/login/login-session';

/** Where token and NFT detection reads from; every field is optional. */
export interface AssetsOptions {
  /** Known-token lists by chain id (white-label); a chain given replaces the built-in list. */
  knownTokens?: KnownTokenLists;
  /** Gateway for ipfs:// token URIs (default https://ipfs.io). */
  ipfsGateway?: string;
  /** Multicall3 per chain id (null: none); by default the canonical address if it has code. */
  multicall?: Record<string, Hex | null>;
  /** Balance checkers per chain id; defaults to the seven published ones. */
  balanceCheckers?: Record<string, Hex>;
  /** ERC-721 contracts without ERC-165 per chain id, besides the built-in special ones. */
  specialNftContracts?: Record<string, string[]>;
  /** Blocks per eth_getLogs query to start with (halved where a node refuses). */
  logSpan?: number;
  /** Also list the hosted aggregator's tokens (the backend's /tokenbalances) when signed in. */
  hostedTokenBalances?: boolean;
  /** Polling intervals in ms; the spec's 180 s, 60 s and 600 s by default (tests shorten them). */
  intervals?: { tokensMs?: number; collectiblesMs?: number; ratesMs?: number };
}

/** What the engine was created with that controllers use. */
export interface ControllerOptions {
  providerConfig?: ProviderConfig;
  blockPollingInterval?: number;
  gasApi?: GasApiOptions;
  isUserIdle: () => boolean;
  /** The backend API's base URL; without one, backend calls fail with a clear error. */
  backendUrl?: string | null;
  /** Shows a desktop notification (the browser's Notification API in the worker). */
  notify?: (notification: { title: string; body: string; url: string }) => void;
  /** Clock for permission grants (expiry); tests pass their own. */
  now?: () => number;
  /** The pollers' timers; tests pass a manual clock. */
  timers?: Timers;
  /** The raw white-label configuration (config.json's `whiteLabel`); checked by its controller. */
  whiteLabel?: unknown;
  assets?: AssetsOptions;
  /** HTTP for token URIs (NFT metadata); defaults to fetch. */
  fetchFn?: typeof fetch;
  /** Resolves once the state so far is stored (persistence's flush): transactions write ahead. */
  writeAhead?: () => Promise<void>;
  /** Where login sessions are kept (the LoginController's restore after a reload). */
  loginSessions?: LoginSessionStore;
}

/** What several controllers share, built once per engine (build-controllers.ts). */
export interface EngineServices {
  /** The one backend API client every backend-facing controller uses. */
  backend: BackendClient;
  /** How each chain batches contract reads, found once per chain for tokens and NFTs alike. */
  chainBatching: ChainBatching;
}

/** Any controller's messenger, as the engine handles it before a descriptor narrows it. */
export type AnyMessenger = Messenger<string, ActionConstraint, EventConstraint>;

/** A controller the engine can run: a BaseController whose constructor takes its messenger. */
export type EngineController = BaseControllerInstance;

/** The part of a controller's constructor options the engine supplies itself. */
export interface EngineSuppliedOptions {
  messenger: AnyMessenger;
  state?: object;
}

/** The names of a messenger's actions (or events) outside its own namespace. */
type ForeignActionType<M extends AnyMessenger, Name extends string> = Exclude<
  MessengerActions<M>['type'],
  NamespacedName<Name>
>;
type ForeignEventType<M extends AnyMessenger, Name extends string> = Exclude<
  MessengerEvents<M>['type'],
  NamespacedName<Name>
>;

/** A controller that polls only while someone looks (the engine calls these as views come and go). */
export interface ViewPolling {
  startPolling(): void;
  stopPolling(): void;
}

/** The controllers a descriptor's `uses` names, as its options and init receive them. */
export type UsedControllers<Uses extends Record<string, AnyControllerModule>> = {
  readonly [Key in keyof Uses]: ControllerOf<Uses[Key]>;
};

/** What a descriptor's options and init may read. */
export interface ModuleContext<Uses extends Record<string, AnyControllerModule>> {
  options: ControllerOptions;
  services: EngineServices;
  /** The controllers named in `uses`, already constructed (never call them while constructing). */
  uses: UsedControllers<Uses>;
}

/** The constructor options a descriptor supplies: all but the messenger and persisted state. */
type ExtraOptions<Options extends EngineSuppliedOptions> = Omit<Options, 'messenger' | 'state'>;

/** Refuses metadata whose `usedInUi` flags TypeScript sees only as `boolean`. */
type LiteralUiFlags<Metadata> = {
  [Key in keyof Metadata]: Metadata[Key] extends { usedInUi: infer Flag }
    ? boolean extends Flag
      ? { usedInUi: 'declare usedInUi as a literal true or false (as const)' }
      : unknown
    : unknown;
};

/** A descriptor, as written for one controller (see `defineController`). */
export type ControllerSpec<
  Name extends string,
  Options extends EngineSuppliedOptions,
  Controller extends EngineController,
  Metadata extends StateMetadata<Controller['state']>,
  Uses extends Record<string, AnyControllerModule>,
> = {
  /** Its namespace on the messenger, its key in persisted and UI state. */
  name: Name;
  /**
   * The metadata it constructs itself with (the same object): which keys persist, which keys
   * views see. Each `usedInUi` must be a literal true or false, as views' types derive from it.
   */
  metadata: Metadata & LiteralUiFlags<Metadata>;
  /** Other controllers' actions its messenger may call. */
  actions?: readonly ForeignActionType<Options['messenger'], Name>[];
  /** Other controllers' events its messenger may subscribe to. */
  events?: readonly ForeignEventType<Options['messenger'], Name>[];
  /** Controllers its options reach directly (e.g. a getter of the keyring's accounts). */
  uses?: Uses;
  /** Starts its work once every controller exists, in dependency order (awaited one by one). */
  init?: (controller: Controller, context: ModuleContext<Uses>) => void | Promise<void>;
  /** Stops its work at shutdown, in reverse dependency order. */
  destroy?: (controller: Controller) => void | Promise<void>;
  /** Whether it polls only while a view is open: startPolling with the first, stopPolling after the last. */
  pollsWhileViewOpen?: Controller extends ViewPolling
    ? boolean | ((options: ControllerOptions) => boolean)
    : never;
} & (Partial<ExtraOptions<Options>> extends ExtraOptions<Options>
  ? // Every other option is optional: so is the function.
    { options?: (context: ModuleContext<Uses>) => ExtraOptions<Options> }
  : {
      /** Its constructor options besides the messenger and persisted state. */
      options: (context: ModuleContext<Uses>) => ExtraOptions<Options>;
    });

/** What the engine hands a module to construct its controller. */
export interface BuildContext {
  options: ControllerOptions;
  services: EngineServices;
  /** The controller's own messenger with the listed foreign actions and events delegated to it. */
  messenger(
    name: string,
    allowed: { actions: readonly string[]; events: readonly string[] },
  ): AnyMessenger;
  /** Its persisted state, if any. */
  state: Json | undefined;
  /** A controller built before this one (a dependency). */
  controller(name: string): EngineController;
}

/**
 * A controller module, as the engine runs it. The type parameters carry the controller, its
 * messenger and its metadata, from which the root messenger's and the views' types derive.
 */
export interface ControllerModule<
  Name extends string,
  Controller extends EngineController,
  ControllerMessenger extends AnyMessenger,
  Metadata,
> {
  readonly name: Name;
  readonly metadata: Metadata;
  /** The controllers it needs: the namespaces of the actions and events it may use, and `uses`. */
  readonly dependencies: readonly string[];
  /** Those of them it reaches directly (`uses`): they must be built before it. */
  readonly uses: readonly string[];
  build(context: BuildContext): Controller;
  init(controller: Controller, context: Omit<BuildContext, 'messenger' | 'state'>): Promise<void>;
  destroy(controller: Controller): Promise<void>;
  pollsWhileViewOpen(options: ControllerOptions): boolean;
  /** Type only: the controller's messenger (never set). */
  readonly messengerType?: ControllerMessenger;
}

// Methods are compared bivariantly, so every module is assignable to this.
export type AnyControllerModule = ControllerModule<string, EngineController, AnyMessenger, unknown>;

export type ControllerOf<Module> =
  Module extends ControllerModule<string, infer Controller, AnyMessenger, unknown>
    ? Controller
    : never;

/** The actions a module's controller registers (its own namespace only). */
export type ModuleActions<Module> =
  Module extends ControllerModule<infer Name, EngineController, infer M, unknown>
    ? Extract<MessengerActions<M>, { type: NamespacedName<Name> }>
    : never;

/** The events a module's controller publishes (its own namespace only). */
export type ModuleEvents<Module> =
  Module extends ControllerModule<infer Name, EngineController, infer M, unknown>
    ? Extract<MessengerEvents<M>, { type: NamespacedName<Name> }>
    : never;

/** The keys of a state whose metadata says `usedInUi: true`. */
type UiKeys<Metadata> = {
  [Key in keyof Metadata]: Metadata[Key] extends { usedInUi: true } ? Key : never;
}[keyof Metadata];

/** What views see of a module's controller: the keys its metadata marks `usedInUi`. */
export type ModuleUiState<Module> =
  Module extends ControllerModule<string, infer Controller, AnyMessenger, infer Metadata>
    ? Pick<Controller['state'], UiKeys<Metadata> & keyof Controller['state']>
    : never;

/**
 * Describes one controller for the engine. `ControllerClass` is its constructor; the spec's
 * lists are checked against its messenger's type, and `options` supplies whatever else its
 * constructor requires.
 */
export function defineController<
  Name extends string,
  Options extends EngineSuppliedOptions,
  Controller extends EngineController & { readonly name: Name },
  Metadata extends StateMetadata<Controller['state']>,
  Uses extends Record<string, AnyControllerModule> = Record<never, AnyControllerModule>,
>(
  ControllerClass: new (options: Options) => Controller,
  spec: ControllerSpec<Name, Options, Controller, Metadata, Uses>,
): ControllerModule<Name, Controller, Options['messenger'], Metadata> {
  const actions: readonly string[] = spec.actions ?? [];
  const events: readonly string[] = spec.events ?? [];
  const uses: Record<string, AnyControllerModule> = spec.uses ?? {};
  const namespaces = [...actions, ...events].map((type) => type.slice(0, type.indexOf(':')));
  const usedNames = Object.values(uses).map((module) => module.name);
  const dependencies = [...new Set([...namespaces, ...usedNames])].filter(
    (name) => name !== spec.name,
  );

  const moduleContext = (context: Omit<BuildContext, 'messenger' | 'state'>) => ({
    options: context.options,
    services: context.services,
    // Each entry is the controller the engine built from that very module.
    uses: Object.fromEntries(
      Object.entries(uses).map(([key, module]) => [key, context.controller(module.name)]),
    ) as UsedControllers<Uses>,
  });

  return {
    name: spec.name,
    metadata: spec.metadata,
    dependencies,
    uses: usedNames,
    build(context) {
      const messenger = context.messenger(spec.name, { actions, events });
      const extra = spec.options?.(moduleContext(context)) ?? {};
      // The spec's `options` type makes it return every option besides these two; TypeScript
      // cannot see that the spread of Omit<Options, …> plus them is Options again.
      const controller = new ControllerClass({
        ...extra,
        messenger,
        state: context.state,
      } as unknown as Options);
      if (controller.name !== spec.name || controller.metadata !== spec.metadata) {
        throw new Error(`The ${spec.name} descriptor does not match the controller it built.`);
      }
      return controller;
    },
    async init(controller, context) {
      await spec.init?.(controller, moduleContext(context));
    },
    async destroy(controller) {
      await spec.destroy?.(controller);
    },
    pollsWhileViewOpen(options) {
      const polls = spec.pollsWhileViewOpen;
      return typeof polls === 'function' ? polls(options) : polls === true;
    },
  };
}

/**
 * The modules in dependency order: each after every module it depends on, otherwise in list
 * order. Controllers may depend on each other through the messenger (each reading the other's
 * state at run time): such a group keeps its list order. A dependency on a controller the list
 * lacks, or `uses` within such a group (construction would need both first), is refused.
 */
export function orderByDependencies<Module extends AnyControllerModule>(
  modules: readonly Module[],
): Module[] {
  const byName = new Map(modules.map((module) => [module.name, module]));
  const position = new Map(modules.map((module, index) => [module.name, index]));
  for (const module of modules) {
    for (const name of module.dependencies) {
      if (!byName.has(name)) {
        throw new Error(`${module.name} depends on ${name}, which the engine does not build.`);
      }
    }
  }
  // Tarjan's strongly connected components, edges pointing at dependencies: a component is
  // complete only after every component it depends on, so they come out dependencies first.
  const ordered: Module[] = [];
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: Module[] = [];
  const visit = (module: Module) => {
    index.set(module.name, index.size);
    lowLink.set(module.name, index.get(module.name)!);
    stack.push(module);
    for (const name of module.dependencies) {
      if (!index.has(name)) {
        visit(byName.get(name)!);
        lowLink.set(module.name, Math.min(lowLink.get(module.name)!, lowLink.get(name)!));
      } else if (stack.some((open) => open.name === name)) {
        lowLink.set(module.name, Math.min(lowLink.get(module.name)!, index.get(name)!));
      }
    }
    if (lowLink.get(module.name) !== index.get(module.name)) return;
    const component: Module[] = [];
    for (let member = stack.pop(); member; member = stack.pop()) {
      component.push(member);
      if (member === module) break;
    }
    const names = new Set(component.map((member) => member.name));
    for (const member of component) {
      const used = member.uses.find((name) => names.has(name) && name !== member.name);
      if (used) {
        throw new Error(
          `Controllers depend on each other: ${member.name} uses ${used}, which depends on it.`,
        );
      }
    }
    ordered.push(...component.sort((a, b) => position.get(a.name)! - position.get(b.name)!));
  };
  for (const module of modules) if (!index.has(module.name)) visit(module);
  return ordered;
}
