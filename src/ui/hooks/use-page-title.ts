import { useEffect } from 'react';

import { useProductName } from './use-product-name';

/** Sets the tab title to '{title} | {product}' (spec part 1 §2); a white-label name replaces Orrery. */
export function usePageTitle(title: string): void {
  const product = useProductName();
  useEffect(() => {
    document.title = `${title} | ${product}`;
  }, [title, product]);
}
