import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

import styles from './Button.module.css';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** primary: the one main action of a view; secondary: others; ghost: low emphasis; danger: destroys. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'md' | 'sm';
  /** Shows a spinner, keeps the label for screen readers and refuses clicks until done. */
  loading?: boolean;
  /** An icon before the label (lucide-react, sized by the button). */
  icon?: ReactNode;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the app. Defaults to type="button" so it never submits a form by accident. */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  fullWidth = false,
  className,
  children,
  disabled,
  type = 'button',
  ref,
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    styles[variant],
    styles[size],
    fullWidth ? styles.fullWidth : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'fullWidth'> {
  /** What the button does, for screen readers and the tooltip-less hover title. */
  label: string;
  icon: ReactNode;
}

/** A square button showing only an icon; its label is its accessible name. */
export function IconButton({
  label,
  icon,
  className,
  variant = 'ghost',
  ...rest
}: IconButtonProps) {
  return (
    <Button
      variant={variant}
      aria-label={label}
      title={label}
      className={[styles.iconOnly, className ?? ''].filter(Boolean).join(' ')}
      icon={icon}
      {...rest}
    />
  );
}
