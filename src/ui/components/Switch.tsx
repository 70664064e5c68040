import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

import styles from './Choice.module.css';

/** An on/off setting that applies at once (role=switch), with its label and description. */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  testId,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {description && (
          <div id={`${id}-description`} className={styles.description}>
            {description}
          </div>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        className={styles.switch}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        data-testid={testId}
      >
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
