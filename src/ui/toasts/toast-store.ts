import { action, makeObservable, observable } from 'mobx';

import type { ToastTone } from './format-toast';

export interface Toast {
  id: number;
  tone: ToastTone;
  /**
   * What to say, as given (a message key, a text, an Error…): formatted when shown, so a toast
   * follows a language change, e.g. the one that "Language saved" reports.
   */
  message: unknown;
}

/** At most this many toasts stay at once; a new one pushes out the oldest. */
export const MAX_TOASTS = 3;
/** How long a toast stays (spec: 'clear after a timeout'); hovering or focusing it pauses the clock. */
export const TOAST_DURATION_MS = 5_000;

/** The view's own notifications (the engine keeps no message state). */
export class ToastStore {
  items: Toast[] = [];
  #nextId = 1;

  constructor() {
    makeObservable(this, { items: observable, show: action, dismiss: action });
  }

  show(tone: ToastTone, message: unknown): number {
    const id = this.#nextId++;
    this.items = [...this.items, { id, tone, message }].slice(-MAX_TOASTS);
    return id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((toast) => toast.id !== id);
  }
}
