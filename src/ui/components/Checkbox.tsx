import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';

import styles from './Choice.module.css';

/** A yes/no that is part of a form (an acknowledgement before a risky step). */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.checkRow}>
      <RadixCheckbox.Root
        id={id}
        className={styles.checkbox}
        checked={checked}
        onCheckedChange={(next) => onCheckedChange(next === true)}
        disabled={disabled}
      >
        <RadixCheckbox.Indicator className={styles.checkIndicator}>
          <Check aria-hidden="true" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
