import { useEffect } from 'react';

export const PRODUCT_NAME = 'Orrery';

/** Sets the tab title to '{title} | Orrery' (spec §2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
