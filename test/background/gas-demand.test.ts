import {
  FEES_SHOWN_MS,
  pollGasWhileConfirming,
  type UnapprovedChangeSource,
} from '../../src/background/engine/gas-demand';
import { createManualTimers } from '../controllers/polling/manual-timers';

/** The gas controller's polling switch and a transaction list the test sets. */
function setup() {
  const calls: string[] = [];
  const gasFee = {
    startPolling: () => void calls.push('start'),
    stopPolling: () => void calls.push('stop'),
  };
  let onChange: () => void = () => undefined;
  const messenger: UnapprovedChangeSource = {
    subscribe: (_event, handler) => void (onChange = handler),
    unsubscribe: () => void (onChange = () => undefined),
  };
  const transactions = { state: { transactions: [] as { id: string; status: string }[] } };
  const timers = createManualTimers();
  const demand = pollGasWhileConfirming(
    messenger,
    gasFee,
    transactions as unknown as Parameters<typeof pollGasWhileConfirming>[2],
    timers,
  );
  return { calls, demand, timers, transactions, changed: () => onChange() };
}

describe('gas fee polling on demand', () => {
  it('polls while a screen showing fees renews its lease, and stops when the lease lapses', () => {
    const { calls, demand, timers } = setup();
    demand.setViewsOpen(true);
    expect(calls).toEqual([]); // a view of balances alone reads no fees
    demand.showFees();
    expect(calls).toEqual(['start']);
    expect(timers.pending()).toEqual([FEES_SHOWN_MS]);
    demand.showFees(); // renewed: still one lease, polling not restarted
    expect(calls).toEqual(['start']);
    expect(timers.pending()).toEqual([FEES_SHOWN_MS]);
    timers.fireNext(); // the screen went away without a word
    expect(calls).toEqual(['start', 'stop']);
    expect(timers.pending()).toEqual([]);
  });

  it('needs an open view: a lease alone polls nothing, and closing the last view stops it', () => {
    const { calls, demand, timers } = setup();
    demand.showFees();
    expect(calls).toEqual([]);
    demand.setViewsOpen(true);
    expect(calls).toEqual(['start']);
    demand.setViewsOpen(false);
    expect(calls).toEqual(['start', 'stop']);
    demand.stop();
    expect(timers.pending()).toEqual([]);
  });
});
