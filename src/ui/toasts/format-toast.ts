/**
 * What a toast says, by the spec's error display rules (part 2 §8): an error object shows
 * 'Oops, That didn't work. Pls reload and try again.' plus its message; a string is shown as is
 * (translated when it is one of our message keys); another object shows 'Error: …' or
 * 'Something went wrong. Pls try again'; a success shows 'Success: …' or 'Success'.
 */
export type ToastTone = 'success' | 'error';

/** The part of i18next the formatter needs. */
export interface ToastTranslator {
  t(key: string, options?: Record<string, unknown>): string;
  exists(key: string): boolean;
}

function messageOf(value: object): string | null {
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : null;
}

export function formatToast(value: unknown, tone: ToastTone, i18n: ToastTranslator): string {
  if (typeof value === 'string') {
    // Engine texts and our message keys both arrive as strings; only a key is translated.
    return /^[A-Za-z]\w*(\.\w+)+$/.test(value) && i18n.exists(value) ? i18n.t(value) : value;
  }
  if (tone === 'error') {
    if (value instanceof Error) {
      const message = messageOf(value);
      return message ? `${i18n.t('toast.oops')} ${message}` : i18n.t('toast.oops');
    }
    const message = value && typeof value === 'object' ? messageOf(value) : null;
    return message ? i18n.t('toast.errorPrefix', { message }) : i18n.t('toast.somethingWrong');
  }
  const message = value && typeof value === 'object' ? messageOf(value) : null;
  return message ? i18n.t('toast.successPrefix', { message }) : i18n.t('toast.success');
}
