/** Product-specific texts and limits for transactions (spec part 2 §8 and §9). */
export const PRODUCT_NAME = 'Orrery';

export const USER_DENIED_TX_MESSAGE = `${PRODUCT_NAME} Tx Signature: User denied transaction signature.`;
export const UNKNOWN_PROBLEM_PREFIX = `${PRODUCT_NAME} Tx Signature: Unknown problem: `;
export const INTERNAL_FAILURE_MESSAGE = `Internal ${PRODUCT_NAME} failure`;
export const NETWORK_LOADING_MESSAGE = `${PRODUCT_NAME} is having trouble connecting to the network`;
export const UNAUTHORIZED_ORIGIN_MESSAGE = 'Unauthorized origin';
export const INTERNAL_INVALID_ACCOUNT_MESSAGE =
  'Internally initiated transaction is using invalid account.';
export const STUCK_AT_BOOT_MESSAGE =
  'Transaction found as "approved" during boot - possibly stuck during signing';
export const SUBMIT_ERROR_MESSAGE =
  'We had an error while submitting this transaction, please try again.';
export const NO_CONTRACT_ERROR_KEY = 'transactionErrorNoContract';
export const GAS_ESTIMATION_FAILED_PREFIX = 'Gas fee/price estimation failed. Message: ';

/** Blocks a transaction's nonce must stay below the account count before it counts as dropped. */
export const DROPPED_BUFFER_COUNT = 3;
/** Nonce groups kept per chain and sender. */
export const MAX_NONCE_GROUPS = 40;
/** Transactions shown to the view. */
export const UI_LIST_LIMIT = 100;
export const SIMPLE_TRANSFER_GAS = '0x5208'; // 21000
/** Gas buffer multiplier per chain; 1.5 by default and for Optimism (0xa) and OKX (0x45). */
export const DEFAULT_GAS_MULTIPLIER = 1.5;
export const GAS_MULTIPLIER_BY_CHAIN: Record<string, number> = { '0xa': 1.5, '0x45': 1.5 };
/** The buffered estimate never exceeds this share of the block gas limit. */
export const BLOCK_GAS_LIMIT_CAP = 0.9;
/** When estimation fails the transaction gets this share of the block gas limit. */
export const FALLBACK_GAS_SHARE = 0.95;
/** Fee bump for speed-up, cancel and retry: 11/10. */
export const FEE_BUMP_NUMERATOR = 11n;
export const FEE_BUMP_DENOMINATOR = 10n;

/** Resubmission errors that mean "the node already has it" rather than a problem. */
export const BENIGN_RESUBMIT_ERRORS = [
  'replacement transaction underpriced',
  'known transaction',
  'already known',
  'already imported',
  'gas price too low to replace',
  'transaction with the same hash was already imported',
  'gateway timeout',
  'nonce too low',
];
