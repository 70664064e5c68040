import * as RadixToast from '@radix-ui/react-toast';
import { CircleCheck, TriangleAlert, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatToast } from '../toasts/format-toast';
import { toastTranslator, useToastStore } from '../toasts/toast-context';
import { TOAST_DURATION_MS } from '../toasts/toast-store';
import styles from './Toasts.module.css';

/**
 * The toast region (Radix Toast): successes are announced politely, errors assertively; each
 * clears after TOAST_DURATION_MS (paused while hovered or focused) or when closed; F8 focuses
 * the region. Render once, at the app root, around everything.
 */
export const ToastRegion = observer(function ToastRegion({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const store = useToastStore();
  const translator = toastTranslator(i18n);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} label={t('toast.region')}>
      {children}
      {store.items.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={[styles.toast, styles[toast.tone]].join(' ')}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          data-testid="toast"
          data-tone={toast.tone}
          onOpenChange={(open) => {
            if (!open) store.dismiss(toast.id);
          }}
        >
          {toast.tone === 'error' ? (
            <TriangleAlert aria-hidden="true" className={styles.icon} />
          ) : (
            <CircleCheck aria-hidden="true" className={styles.icon} />
          )}
          <RadixToast.Description className={styles.text}>
            {formatToast(toast.message, toast.tone, translator)}
          </RadixToast.Description>
          <RadixToast.Close className={styles.close} aria-label={t('toast.dismiss')}>
            <X aria-hidden="true" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  );
});
