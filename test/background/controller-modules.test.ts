import {
  BaseController,
  type ControllerGetStateAction,
  type ControllerStateChangeEvent,
  type StateMetadata,
} from '@metamask/base-controller';
import type { Messenger } from '@metamask/messenger';

import { buildControllers } from '../../src/background/engine/build-controllers';
import {
  type AnyControllerModule,
  defineController,
  orderByDependencies,
} from '../../src/background/engine/controller-module';
import { CONTROLLER_MODULES } from '../../src/background/engine/modules';
import { createRootMessenger } from '../../src/background/engine/root-messenger';

// Two small controllers of the kind the engine runs: a counter, and a reader that reads the
// counter through its messenger and polls while a view is open.

type CounterState = { count: number; secret: string };
const counterMetadata = {
  count: { persist: true, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
  secret: {
    persist: true,
    usedInUi: false,
    includeInDebugSnapshot: false,
    includeInStateLogs: false,
  },
} satisfies StateMetadata<CounterState>;
type CounterMessenger = Messenger<
  'CounterController',
  ControllerGetStateAction<'CounterController', CounterState>,
  ControllerStateChangeEvent<'CounterController', CounterState>
>;

class CounterController extends BaseController<
  'CounterController',
  CounterState,
  CounterMessenger
> {
  constructor({
    messenger,
    state,
    log,
  }: {
    messenger: CounterMessenger;
    state?: Partial<CounterState>;
    log: string[];
  }) {
    super({
      messenger,
      metadata: counterMetadata,
      name: 'CounterController',
      state: { count: 0, secret: '', ...state },
    });
    log.push('construct counter');
  }

  increment(): void {
    this.update((state) => {
      state.count += 1;
    });
  }
}

type ReaderState = { seen: number };
const readerMetadata = {
  seen: { persist: false, usedInUi: true, includeInDebugSnapshot: true, includeInStateLogs: true },
} satisfies StateMetadata<ReaderState>;
type ReaderMessenger = Messenger<
  'ReaderController',
  | ControllerGetStateAction<'ReaderController', ReaderState>
  | ControllerGetStateAction<'CounterController', CounterState>,
  ControllerStateChangeEvent<'ReaderController', ReaderState>
>;

class ReaderController extends BaseController<'ReaderController', ReaderState, ReaderMessenger> {
  polling = false;

  constructor({ messenger, log }: { messenger: ReaderMessenger; log: string[] }) {
    super({ messenger, metadata: readerMetadata, name: 'ReaderController', state: { seen: 0 } });
    log.push('construct reader');
  }

  read(): void {
    const { count } = this.messenger.call('CounterController:getState');
    this.update((state) => {
      state.seen = count;
    });
  }

  startPolling(): void {
    this.polling = true;
  }

  stopPolling(): void {
    this.polling = false;
  }
}

function testModules(log: string[], readerPolls = true) {
  const counter = defineController(CounterController, {
    name: 'CounterController',
    metadata: counterMetadata,
    options: () => ({ log }),
    init: () => void log.push('init counter'),
    destroy: () => void log.push('destroy counter'),
  });
  const reader = defineController(ReaderController, {
    name: 'ReaderController',
    metadata: readerMetadata,
    actions: ['CounterController:getState'],
    options: () => ({ log }),
    init: async (controller) => {
      await Promise.resolve();
      controller.read();
      log.push('init reader');
    },
    destroy: () => void log.push('destroy reader'),
    pollsWhileViewOpen: () => readerPolls,
  });
  return { counter, reader };
}

const options = { isUserIdle: () => false };

describe('controller descriptors', () => {
  it('build, init and destroy in dependency order whatever the list order', async () => {
    const log: string[] = [];
    const { counter, reader } = testModules(log);
    // The reader is listed first but uses the counter's action: the counter comes first.
    const set = buildControllers(
      createRootMessenger(),
      { CounterController: { count: 4 } },
      options,
      [reader, counter] as AnyControllerModule[],
    );
    await set.init();
    await set.destroy();
    expect(log).toEqual([
      'construct counter',
      'construct reader',
      'init counter',
      'init reader',
      'destroy reader',
      'destroy counter',
    ]);
    // The list order is kept where dependencies allow (it is the order of state keys).
    expect(set.all.map((controller) => controller.name)).toEqual([
      'ReaderController',
      'CounterController',
    ]);
  });

  it('gives each controller its persisted state and only the foreign actions it declares', async () => {
    const log: string[] = [];
    const { counter, reader } = testModules(log);
    const root = createRootMessenger();
    const set = buildControllers(root, { CounterController: { count: 4, secret: 's' } }, options, [
      counter,
      reader,
    ] as AnyControllerModule[]);
    await set.init();
    const [counterController, readerController] = set.all as [CounterController, ReaderController];
    expect(counterController.state).toEqual({ count: 4, secret: 's' });
    expect(readerController.state.seen).toBe(4); // read through its messenger in init
    counterController.increment();
    readerController.read();
    expect(readerController.state.seen).toBe(5);
    // The counter's messenger was allowed nothing of the reader's.
    const counterMessenger = (
      counterController as unknown as { messenger: { call(type: string): unknown } }
    ).messenger;
    expect(() => counterMessenger.call('ReaderController:getState')).toThrow();
  });

  it('polls only the controllers whose descriptor says so, for these options', () => {
    const log: string[] = [];
    const polling = testModules(log, true);
    expect(
      buildControllers(createRootMessenger(), {}, options, [
        polling.counter,
        polling.reader,
      ] as AnyControllerModule[]).viewPolling,
    ).toHaveLength(1);
    const quiet = testModules(log, false);
    expect(
      buildControllers(createRootMessenger(), {}, options, [
        quiet.counter,
        quiet.reader,
      ] as AnyControllerModule[]).viewPolling,
    ).toHaveLength(0);
  });

  it('refuses a dependency the list lacks; keeps controllers that read each other in list order', () => {
    const { counter, reader } = testModules([]);
    expect(() => orderByDependencies([reader] as AnyControllerModule[])).toThrow(
      'ReaderController depends on CounterController, which the engine does not build.',
    );
    const module = (name: string, dependencies: string[], uses: string[] = []) =>
      ({ ...counter, name, dependencies, uses }) as AnyControllerModule;
    // B and C call each other through the messenger (as tokens and token rates do): both after
    // A, which they need, and in list order between themselves.
    const names = (modules: AnyControllerModule[]) =>
      orderByDependencies(modules).map((ordered) => ordered.name);
    expect(names([module('C', ['B', 'A']), module('B', ['C']), module('A', [])])).toEqual([
      'A',
      'C',
      'B',
    ]);
    expect(names([module('B', ['C']), module('C', ['B', 'A']), module('A', [])])).toEqual([
      'A',
      'B',
      'C',
    ]);
    // Reaching a controller directly needs it built first: impossible within such a group.
    expect(() => orderByDependencies([module('B', ['C'], ['C']), module('C', ['B'])])).toThrow(
      'Controllers depend on each other: B uses C, which depends on it.',
    );
  });

  it('orders the wallet’s own controllers with every dependency first, but for mutual ones', () => {
    const ordered = orderByDependencies(CONTROLLER_MODULES as readonly AnyControllerModule[]);
    const position = new Map(ordered.map((module, index) => [module.name, index]));
    const byName = new Map(ordered.map((module) => [module.name, module]));
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      from === to ||
      (!seen.has(from) &&
        (seen.add(from), byName.get(from)!.dependencies.some((next) => reaches(next, to, seen))));
    for (const module of ordered) {
      for (const dependency of module.dependencies) {
        if (reaches(dependency, module.name)) continue; // they read each other
        expect(position.get(dependency)).toBeLessThan(position.get(module.name)!);
      }
    }
    expect(ordered[0]?.name).toBe('WhiteLabelController');
    expect(ordered).toHaveLength(CONTROLLER_MODULES.length);
    // Tokens and their rates read each other: listed tokens first, so they start first.
    expect(position.get('TokensController')).toBeLessThan(position.get('TokenRatesController')!);
  });
});
