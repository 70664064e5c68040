import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './Dialog.module.css';

export interface DialogProps {
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** The element that opens it (a Button); focus returns to it on close. */
  trigger?: ReactNode;
  /** The heading; also the dialog's accessible name. */
  title: string;
  /** A sentence under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, in reading order (the main action last). */
  footer?: ReactNode;
  /** Esc and the close button close it; false for steps that must not be left half done. */
  dismissible?: boolean;
  /**
   * Where focus goes on close when the dialog has no trigger of its own (opened from a menu
   * item, which is gone by then): usually the menu's button.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog (Radix): focus moves in on open, is trapped inside, returns to the trigger on
 * close; Esc closes it. Forms inside submit with Enter as usual.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  dismissible = true,
  returnFocusTo,
}: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content}
          onEscapeKeyDown={dismissible ? undefined : (event) => event.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (event) => event.preventDefault()}
          onCloseAutoFocus={
            returnFocusTo
              ? (event) => {
                  event.preventDefault();
                  returnFocusTo.current?.focus();
                }
              : undefined
          }
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {dismissible && (
              <RadixDialog.Close className={styles.close} aria-label={t('app.close')}>
                <X aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          )}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it is in when clicked (wraps a Button). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
