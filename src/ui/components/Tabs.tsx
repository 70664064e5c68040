import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

import styles from './Tabs.module.css';

/**
 * Tabs in the WAI-ARIA pattern (Radix): arrow keys move between tabs, Tab moves into the panel.
 * Compose: <Tabs><TabList label=…><Tab value=…/>…</TabList><TabPanel value=…/>…</Tabs>.
 */
export function Tabs({
  value,
  defaultValue,
  onValueChange,
  children,
}: {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Root
      className={styles.root}
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
    >
      {children}
    </RadixTabs.Root>
  );
}

export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <RadixTabs.List className={styles.list} aria-label={label}>
      {children}
    </RadixTabs.List>
  );
}

export function Tab({
  value,
  icon,
  children,
}: {
  value: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Trigger className={styles.tab} value={value}>
      {icon}
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content className={styles.panel} value={value}>
      {children}
    </RadixTabs.Content>
  );
}
