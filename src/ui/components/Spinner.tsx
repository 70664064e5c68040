import styles from './Spinner.module.css';

/** A decorative spinner; the surrounding element says what is loading (aria-busy, role=status). */
export function Spinner({ size = 24, testId }: { size?: number; testId?: string }) {
  return (
    <span
      className={styles.spinner}
      data-testid={testId}
      aria-hidden="true"
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 12)) }}
    />
  );
}
