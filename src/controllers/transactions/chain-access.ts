import type { Hex } from '../../shared/primitives';
import type { GetSuggestedGasFees } from './gas-fees';
import type { RequestProvider } from './rpc';

/** What the transaction modules read of the selected network (through the controller's messenger). */
export type ChainAccess = {
  provider(): RequestProvider;
  currentChainId(): Hex;
  /** Whether the selected network answers (its status is 'available'). */
  isAvailable(): boolean;
  /** The network controller's answer, cached there per network until the next switch. */
  supportsEip1559(): Promise<boolean>;
  /** The gas controller's medium-tier fees; throws (so the node is asked) when it is not wired. */
  gasControllerFees: GetSuggestedGasFees;
};
