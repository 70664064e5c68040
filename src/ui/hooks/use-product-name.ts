import { useStore } from '../app-context';
import { productName } from '../view-models/white-label';

/** The product name to show: the white-label's, else Orrery. Call from an observer component. */
export function useProductName(): string {
  return productName(useStore().state?.WhiteLabelController.whiteLabel);
}
