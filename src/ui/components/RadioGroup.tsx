import * as RadixRadio from '@radix-ui/react-radio-group';
import { useId, type ReactNode } from 'react';

import styles from './Choice.module.css';

export interface RadioOption {
  value: string;
  label: string;
  description?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

/** One choice among a few, all visible (arrow keys move and select); e.g. theme, period of validity. */
export function RadioGroup({
  label,
  value,
  onValueChange,
  options,
  orientation = 'vertical',
  testId,
}: {
  label: string;
  value: string;
  onValueChange(value: string): void;
  options: RadioOption[];
  orientation?: 'vertical' | 'horizontal';
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={styles.group}>
      <div id={id} className={styles.label}>
        {label}
      </div>
      <RadixRadio.Root
        className={orientation === 'horizontal' ? styles.radiosRow : styles.radios}
        value={value}
        onValueChange={onValueChange}
        aria-labelledby={id}
        orientation={orientation}
        data-testid={testId}
      >
        {options.map((option) => (
          <label key={option.value} className={styles.radioCard} data-disabled={option.disabled}>
            <RadixRadio.Item
              className={styles.radio}
              value={option.value}
              disabled={option.disabled}
              aria-label={option.label}
            >
              <RadixRadio.Indicator className={styles.radioDot} />
            </RadixRadio.Item>
            {option.icon}
            <span className={styles.text}>
              <span className={styles.optionLabel}>{option.label}</span>
              {option.description && (
                <span className={styles.description}>{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </RadixRadio.Root>
    </div>
  );
}
