/** A set of listeners where one listener's exception neither stops the others nor the caller. */
export interface ListenerSet<T> {
  add(listener: (value: T) => void): () => void;
  emit(value: T): void;
  clear(): void;
}

export function createListenerSet<T>(): ListenerSet<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    add(listener) {
      // Wrap so that adding the same function twice gives two independent subscriptions.
      const entry = (value: T) => listener(value);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    emit(value) {
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          // Reported, not swallowed; browsers' reportError also fires the window's error event.
          if (typeof reportError === 'function') reportError(error);
          else console.error(error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
