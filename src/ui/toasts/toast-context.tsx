import { createContext, useContext, useMemo, type ReactNode } from 'react';

import type { i18n as I18n } from 'i18next';

import { type ToastTranslator } from './format-toast';
import type { ToastStore } from './toast-store';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastStoreProvider({
  store,
  children,
}: {
  store: ToastStore;
  children: ReactNode;
}) {
  return <ToastContext.Provider value={store}>{children}</ToastContext.Provider>;
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('ToastStoreProvider is missing above this component');
  return store;
}

export interface Notify {
  /** A success toast: a message key, a text, or a success object ({ message }). */
  success(value?: unknown): void;
  /** An error toast: a message key, a text, an Error or another object. */
  error(value: unknown): void;
  /**
   * Runs an action and says how it went: `success` once it resolved (actions resolve once the
   * change is stored, so this is the "saved" signal), `failure` if it rejected. Resolves to
   * whether it succeeded; never rejects.
   */
  outcome(action: Promise<unknown>, keys: { success: string; failure: string }): Promise<boolean>;
}

/** Shows toasts with the spec's wording rules; what to say is the caller's choice. */
export function useNotify(): Notify {
  const store = useToastStore();
  return useMemo(() => {
    const success = (value?: unknown) => store.show('success', value);
    const error = (value: unknown) => store.show('error', value);
    return {
      success,
      error,
      async outcome(action, keys) {
        try {
          await action;
          success(keys.success);
          return true;
        } catch (failure) {
          console.warn(keys.failure, failure);
          error(keys.failure);
          return false;
        }
      },
    };
  }, [store]);
}

/** i18next as formatToast needs it. */
export function toastTranslator(i18n: I18n): ToastTranslator {
  return { t: (key, options) => i18n.t(key, options ?? {}), exists: (key) => i18n.exists(key) };
}
