import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

import styles from './Tooltip.module.css';

/**
 * A short hint on hover and keyboard focus (Radix Tooltip); never the only place information
 * lives. Each brings its own provider, so the tooltip code loads only with the screens that
 * use one (not in the main bundle).
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={400}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className={styles.content} sideOffset={6} collisionPadding={8}>
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
