import type { HTMLAttributes, ReactNode } from 'react';

import styles from './Card.module.css';

/** A surface that groups one topic of a screen. */
export function Card({
  children,
  className,
  as: Element = 'section',
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'section' | 'div' | 'article'; children: ReactNode }) {
  return (
    <Element className={[styles.card, className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Element>
  );
}

/** A screen's heading (the page's one h1), an optional sentence under it, and its actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className={styles.pageHeader}>
      <div className={styles.pageHeaderText}>
        <h1 className={styles.pageTitle}>{title}</h1>
        {description && <p className={styles.pageDescription}>{description}</p>}
      </div>
      {actions && <div className={styles.pageActions}>{actions}</div>}
    </header>
  );
}
