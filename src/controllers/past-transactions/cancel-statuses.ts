// Cancel flags of past transactions (spec part 2 §4): among transactions with the same sender
// and nonce the latest is the cancel; older ones are cancelling, or cancelled once it confirmed.

export type CancelFields = {
  is_cancel: boolean;
  hasCancel: boolean;
  /** 'cancelling' or 'cancelled' on a transaction a later one replaces; absent otherwise. */
  cancelStatus?: 'cancelling' | 'cancelled';
  cancelDateInitiated?: string;
  cancelGas?: string | null;
  cancelGasPrice?: string | null;
};

export type CancelInput = {
  from: string;
  nonce: string | null;
  status: string;
  date: string;
  gas: string | null;
  gasPrice: string | null;
  transaction_hash: string;
  network: string;
};

function nonceKey(nonce: string | null): string | null {
  if (nonce === null || nonce === '') return null;
  try {
    return BigInt(nonce).toString();
  } catch {
    return null;
  }
}

/** Returns the list with cancel fields recomputed (same order; inputs are not changed). */
export function withCancelFlags<T extends CancelInput>(
  transactions: readonly T[],
): (T & CancelFields)[] {
  const groups = new Map<string, T[]>();
  for (const tx of transactions) {
    const nonce = nonceKey(tx.nonce);
    if (nonce === null) continue;
    const key = `${tx.network}|${tx.from.toLowerCase()}|${nonce}`;
    const group = groups.get(key) ?? [];
    group.push(tx);
    groups.set(key, group);
  }
  const flags = new Map<T, CancelFields>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const ordered = [...group].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    const latest = ordered[ordered.length - 1] as T;
    flags.set(latest, { is_cancel: true, hasCancel: false });
    for (const older of ordered.slice(0, -1)) {
      flags.set(older, {
        is_cancel: false,
        hasCancel: true,
        cancelStatus: latest.status === 'confirmed' ? 'cancelled' : 'cancelling',
        cancelDateInitiated: latest.date,
        cancelGas: latest.gas,
        cancelGasPrice: latest.gasPrice,
      });
    }
  }
  return transactions.map((tx) => {
    const {
      cancelStatus: _s,
      cancelDateInitiated: _d,
      cancelGas: _g,
      cancelGasPrice: _p,
      ...rest
    } = tx as T & Partial<CancelFields>;
    return { ...(rest as T), is_cancel: false, hasCancel: false, ...flags.get(tx) };
  });
}
