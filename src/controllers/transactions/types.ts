import type { Hex } from '../../shared/primitives';
import type { Json } from '@metamask/utils';

/** Transaction statuses (spec part 2 §4). Rejected ones are deleted, so they never stay in state. */
export type TransactionStatus =
  | 'unapproved'
  | 'approved'
  | 'rejected'
  | 'signed'
  | 'submitted'
  | 'failed'
  | 'dropped'
  | 'confirmed';

export const FINAL_STATUSES: readonly TransactionStatus[] = [
  'rejected',
  'confirmed',
  'failed',
  'dropped',
];

/** Transaction categories (spec §3). */
export type TransactionCategory =
  | 'cancel'
  | 'retry'
  | 'transfer'
  | 'transferFrom'
  | 'approve'
  | 'sentEther'
  | 'safeTransferFrom'
  | 'contractInteraction'
  | 'contractDeployment'
  | 'transaction';

/** Envelope types: legacy, EIP-2930 access list, EIP-1559 fee market. */
export type TransactionEnvelopeType = '0x0' | '0x1' | '0x2';

/** Normalised transaction parameters: every numeric field is 0x-prefixed hex, addresses lowercase. */
export type TxParams = {
  from: string;
  to?: string;
  value?: string;
  data?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
  type?: TransactionEnvelopeType;
  customNonceValue?: string;
  chainId?: Hex;
  input?: string;
  accessList?: { address: string; storageKeys: string[] }[];
};

export type TransactionError = {
  message: string;
  rpc?: Json;
  stack?: string;
};

/** Why a gas estimation did not give a usable answer; the UI shows it as "likely to fail". */
export type SimulationFails = {
  reason: string;
  errorKey?: string;
  debug: { blockNumber?: string; blockGasLimit?: string };
};

export type NonceDetails = {
  /** The network's transaction count for the sender (block tag 'pending'). */
  network: number;
  /** Highest locally confirmed nonce + 1 (0 when none). */
  localConfirmed: number;
  /** Highest local in-flight nonce + 1 (0 when none). */
  localPending: number;
  /** The nonce given by the user, when one was. */
  custom?: number;
};

export type TransactionReceipt = {
  blockHash?: string;
  blockNumber?: string;
  status?: string;
  gasUsed?: string;
  effectiveGasPrice?: string;
  transactionIndex?: string;
  contractAddress?: string | null;
};

export type MethodParam = {
  name: string;
  type: string;
  value: string;
};

/** One history entry: the immer patches of one update, with the note and time of the first. */
export type HistoryPatch = {
  op: 'replace' | 'remove' | 'add';
  path: (string | number)[];
  value?: Json;
  note?: string;
  timestamp?: number;
};
/** history[0] is the transaction as created (without history); every later entry is a patch list. */
export type TransactionHistory = (TransactionSnapshot | HistoryPatch[])[];

export type TransactionMeta = {
  id: string;
  time: number;
  status: TransactionStatus;
  metamaskNetworkId?: string | null;
  chainId: Hex;
  loadingDefaults: boolean;
  dappSuggestedGasFees?: Partial<
    Pick<TxParams, 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>
  > | null;
  origin: string;
  txParams: TxParams;
  transactionCategory?: TransactionCategory;
  methodParams?: MethodParam[];
  contractParams?: { address: string; isContract: boolean };
  history: TransactionHistory;
  submittedTime?: number;
  hash?: string;
  rawTx?: string;
  r?: string;
  s?: string;
  v?: string;
  txReceipt?: TransactionReceipt;
  baseFeePerGas?: string;
  nonceDetails?: NonceDetails;
  err?: TransactionError;
  simulationFails?: SimulationFails;
  previousGasParams?: Partial<
    Pick<TxParams, 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas'>
  >;
  replacedBy?: string;
  firstRetryBlockNumber?: string;
  retryCount?: number;
  /** Set on replacements: a cancel, or a retry (speed-up or retry). */
  type?: 'cancel' | 'retry';
  /** The last non-benign resubmission error, shown as a warning. */
  warning?: { error: string; message: string };
};

export type TransactionSnapshot = Omit<TransactionMeta, 'history'>;

export type SuggestedGasFees = {
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
};
