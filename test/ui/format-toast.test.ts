import { createI18n } from '../../src/ui/i18n/create-i18n';
import { formatToast, type ToastTranslator } from '../../src/ui/toasts/format-toast';
import { MAX_TOASTS, ToastStore } from '../../src/ui/toasts/toast-store';

let translator: ToastTranslator;
beforeAll(async () => {
  const i18n = await createI18n();
  translator = {
    t: (key, options) => i18n.t(key, options ?? {}),
    exists: (key) => i18n.exists(key),
  };
});

describe("formatToast: the spec's error display rules (part 2 §8)", () => {
  it('an error object shows the oops text plus its message', () => {
    expect(formatToast(new Error('nonce too low'), 'error', translator)).toBe(
      "Oops, That didn't work. Pls reload and try again. nonce too low",
    );
    expect(formatToast(new Error(''), 'error', translator)).toBe(
      "Oops, That didn't work. Pls reload and try again.",
    );
  });

  it('a string is shown as is, and one of our message keys is translated', () => {
    expect(formatToast('Not signed in to the Orrery backend', 'error', translator)).toBe(
      'Not signed in to the Orrery backend',
    );
    expect(formatToast('navBar.snackFailTheme', 'error', translator)).toBe(
      'Unable to update theme',
    );
    expect(formatToast('navBar.snackSuccessContactAdd', 'success', translator)).toBe(
      'Contact added',
    );
    // Looks like a key but is not one: shown as is.
    expect(formatToast('navBar.noSuchKey', 'error', translator)).toBe('navBar.noSuchKey');
  });

  it("another object shows 'Error: …' or the generic text", () => {
    expect(formatToast({ message: 'rate limited' }, 'error', translator)).toBe(
      'Error: rate limited',
    );
    expect(formatToast({ code: 5 }, 'error', translator)).toBe(
      'Something went wrong. Pls try again',
    );
    expect(formatToast(null, 'error', translator)).toBe('Something went wrong. Pls try again');
  });

  it("a success shows 'Success: …' or 'Success'", () => {
    expect(formatToast({ message: 'saved' }, 'success', translator)).toBe('Success: saved');
    expect(formatToast(undefined, 'success', translator)).toBe('Success');
  });
});

describe('ToastStore', () => {
  it('keeps the newest toasts, at most MAX_TOASTS, and dismisses by id', () => {
    const store = new ToastStore();
    const ids = ['a', 'b', 'c', 'd'].map((text) => store.show('success', text));
    expect(store.items.map((toast) => toast.message)).toEqual(['b', 'c', 'd'].slice(-MAX_TOASTS));
    store.dismiss(ids[2]!);
    expect(store.items.map((toast) => toast.message)).toEqual(['b', 'd']);
  });
});
