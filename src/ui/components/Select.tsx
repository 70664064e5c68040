import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import styles from './Select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown beside the label in the list (e.g. a chain id or "no public RPC"). */
  hint?: string;
  disabled?: boolean;
  icon?: ReactNode;
}

export interface SelectGroup {
  /** A heading for the group; groups without one are listed plainly. */
  label?: string;
  options: SelectOption[];
}

export interface SelectProps {
  /** The accessible name, shown above unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  value: string;
  onValueChange(value: string): void;
  /** Either a flat list or groups. */
  options?: SelectOption[];
  groups?: SelectGroup[];
  /** What the closed control shows; defaults to the selected option's label. */
  display?: ReactNode;
  disabled?: boolean;
  testId?: string;
  size?: 'md' | 'sm';
}

/** A single choice from a list (Radix Select): a combobox button and a listbox with arrow keys and typeahead. */
export function Select({
  label,
  hideLabel = false,
  value,
  onValueChange,
  options,
  groups,
  display,
  disabled,
  testId,
  size = 'md',
}: SelectProps) {
  const id = useId();
  const allGroups: SelectGroup[] = groups ?? [{ options: options ?? [] }];
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
        <RadixSelect.Trigger
          id={id}
          className={[styles.trigger, styles[size]].join(' ')}
          data-testid={testId}
          aria-label={hideLabel ? label : undefined}
        >
          <RadixSelect.Value>{display}</RadixSelect.Value>
          <RadixSelect.Icon className={styles.chevron}>
            <ChevronDown aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            className={styles.content}
            position="popper"
            sideOffset={6}
            collisionPadding={8}
          >
            <RadixSelect.Viewport className={styles.viewport}>
              {allGroups.map((group, index) => (
                <RadixSelect.Group key={group.label ?? index}>
                  {index > 0 && <RadixSelect.Separator className={styles.separator} />}
                  {group.label && (
                    <RadixSelect.Label className={styles.groupLabel}>
                      {group.label}
                    </RadixSelect.Label>
                  )}
                  {group.options.map((option) => (
                    <RadixSelect.Item
                      key={option.value}
                      value={option.value}
                      disabled={option.disabled}
                      className={styles.item}
                    >
                      {option.icon}
                      {/* The hint is part of the option's name, so what is read is what is shown. */}
                      <RadixSelect.ItemText>
                        <span className={styles.itemText}>
                          <span>{option.label}</span>
                          {option.hint && <span className={styles.hint}> {option.hint}</span>}
                        </span>
                      </RadixSelect.ItemText>
                      <RadixSelect.ItemIndicator className={styles.indicator}>
                        <Check aria-hidden="true" />
                      </RadixSelect.ItemIndicator>
                    </RadixSelect.Item>
                  ))}
                </RadixSelect.Group>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </div>
  );
}
