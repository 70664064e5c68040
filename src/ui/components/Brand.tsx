import { observer } from 'mobx-react-lite';

import { useStore } from '../app-context';
import { useProductName } from '../hooks/use-product-name';
import { logoFor } from '../view-models/white-label';
import styles from './Brand.module.css';

/** Orrery's mark: a sun and two orbits. Decorative; the name beside it is the text. */
export function OrreryMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className={styles.mark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="15" fill="var(--color-primary)" />
      <ellipse
        cx="16"
        cy="16"
        rx="11"
        ry="5"
        fill="none"
        stroke="var(--color-on-primary)"
        strokeWidth="1.6"
        transform="rotate(-28 16 16)"
        opacity="0.9"
      />
      <ellipse
        cx="16"
        cy="16"
        rx="11"
        ry="5"
        fill="none"
        stroke="var(--color-on-primary)"
        strokeWidth="1.6"
        transform="rotate(32 16 16)"
        opacity="0.55"
      />
      <circle cx="16" cy="16" r="3.2" fill="var(--color-on-primary)" />
      <circle cx="25.2" cy="11.6" r="2" fill="var(--color-on-primary)" />
    </svg>
  );
}

/**
 * The product's logo and name: the white-label's logo (per theme) and name when given, else
 * Orrery's. `compact` shows the logo only (the name stays for screen readers).
 */
export const Brand = observer(function Brand({
  size = 32,
  compact = false,
  collapseOnNarrow = false,
}: {
  size?: number;
  compact?: boolean;
  /** Shows the name only on wide screens (the header at 375 px keeps the logo). */
  collapseOnNarrow?: boolean;
}) {
  const { ui } = useStore();
  const name = useProductName();
  const logo = logoFor(ui.WhiteLabelController.whiteLabel, ui.PreferencesController.theme);
  return (
    <span className={styles.brand} data-testid="brand">
      {logo ? (
        <img className={styles.logo} src={logo} alt="" height={size} />
      ) : (
        <OrreryMark size={size} />
      )}
      <span
        className={
          compact
            ? 'visually-hidden'
            : [styles.name, collapseOnNarrow ? styles.collapsible : ''].join(' ')
        }
      >
        {name}
      </span>
    </span>
  );
});
