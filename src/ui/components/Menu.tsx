import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';

import styles from './Menu.module.css';

/**
 * A menu of actions opened from a button (Radix DropdownMenu): arrow keys move, Enter selects,
 * Esc closes and focus returns to the trigger. Compose with MenuItem, MenuLabel, MenuSeparator.
 */
export function Menu({
  trigger,
  children,
  align = 'end',
  label,
}: {
  /** A Button (or IconButton); it gets aria-haspopup and aria-expanded. */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'end';
  /** The menu's accessible name when its trigger's name does not say it. */
  label?: string;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({
  icon,
  children,
  onSelect,
  destructive = false,
  disabled = false,
  testId,
}: {
  icon?: ReactNode;
  children: ReactNode;
  onSelect(): void;
  destructive?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <DropdownMenu.Item
      className={[styles.item, destructive ? styles.destructive : ''].filter(Boolean).join(' ')}
      onSelect={onSelect}
      disabled={disabled}
      data-testid={testId}
    >
      {icon}
      <span>{children}</span>
    </DropdownMenu.Item>
  );
}

/** A non-interactive heading inside the menu (e.g. the account address). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className={styles.label}>{children}</DropdownMenu.Label>;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className={styles.separator} />;
}

/** A set of mutually exclusive items (menuitemradio), e.g. the accounts to switch between. */
export function MenuRadioGroup({
  value,
  onValueChange,
  label,
  children,
}: {
  value: string;
  onValueChange(value: string): void;
  label?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange} aria-label={label}>
      {children}
    </DropdownMenu.RadioGroup>
  );
}

export function MenuRadioItem({
  value,
  children,
  testId,
}: {
  value: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <DropdownMenu.RadioItem value={value} className={styles.item} data-testid={testId}>
      <span className={styles.radioMark} aria-hidden="true">
        <DropdownMenu.ItemIndicator>
          <Check />
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.RadioItem>
  );
}
