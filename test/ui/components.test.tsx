import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { lazy, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';

import { Button } from '../../src/ui/components/Button';
import { Checkbox } from '../../src/ui/components/Checkbox';
import { RadioGroup } from '../../src/ui/components/RadioGroup';
import { Switch } from '../../src/ui/components/Switch';
import { ConfirmDialog } from '../../src/ui/components/ConfirmDialog';
import { Dialog } from '../../src/ui/components/Dialog';
import { Tab, TabList, TabPanel, Tabs } from '../../src/ui/components/Tabs';
import { TextField } from '../../src/ui/components/TextField';
import { VirtualList } from '../../src/ui/components/VirtualList';
import { createI18n } from '../../src/ui/i18n/create-i18n';
import { isChunkLoadError } from '../../src/ui/shell/ChunkErrorBoundary';
import { RouteModule } from '../../src/ui/shell/RouteModule';

let i18n: i18n;
beforeAll(async () => {
  i18n = await createI18n();
});

function renderWithI18n(children: ReactNode) {
  return render(<I18nextProvider i18n={i18n}>{children}</I18nextProvider>);
}

describe('TextField', () => {
  it('ties its label, description and error to the input', () => {
    renderWithI18n(
      <TextField label="Password" description="At least 10 characters" error="Too short" />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'At least 10 characters',
      'Too short',
    ]);
    expect(document.getElementById(input.getAttribute('aria-errormessage')!)?.textContent).toBe(
      'Too short',
    );
  });

  it('is not marked invalid without an error, and reveals a password on request', () => {
    renderWithI18n(<TextField label="Password" type="password" revealable />);
    const input = screen.getByLabelText('Password');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    const reveal = screen.getByRole('button', { name: 'Show password' });
    expect(reveal.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(reveal);
    expect(input.getAttribute('type')).toBe('text');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Button', () => {
  it('is busy and refuses clicks while loading, and never submits by default', () => {
    const clicked = jest.fn();
    const submitted = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={submitted}>
        <Button onClick={clicked}>Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(submitted).not.toHaveBeenCalled();
    rerender(
      <form onSubmit={submitted}>
        <Button onClick={clicked} loading>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('Dialog', () => {
  it('moves focus in, closes on Escape and gives focus back to its trigger', async () => {
    renderWithI18n(
      <Dialog title="Import account" description="Choose how" trigger={<Button>Open</Button>}>
        <input aria-label="Key" />
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Open' });
    act(() => trigger.focus());
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Import account' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('stays open on Escape when it must not be left half done', async () => {
    renderWithI18n(
      <Dialog title="Signing" open dismissible={false}>
        <Button>Continue</Button>
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Signing' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Signing' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm(): Promise<void> }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete contact?"
        description="Bob will be removed."
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
      />
    );
  }

  it('starts on Cancel, waits for the action, then closes', async () => {
    let finish = () => {};
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithI18n(<Harness onConfirm={onConfirm} />);
    await screen.findByRole('alertdialog', { name: 'Delete contact?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeTruthy(); // not while busy
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open when the action fails, for the caller to say why', async () => {
    renderWithI18n(<Harness onConfirm={() => Promise.reject(new Error('offline'))} />);
    await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('aria-busy')).toBe(false);
  });
});

describe('Tabs', () => {
  // Arrow keys between tabs are exercised in Chromium (test/e2e/shell.e2e.test.ts).
  it('follows the WAI-ARIA tab pattern: a labelled tab list, one selected tab, its panel', () => {
    render(
      <Tabs defaultValue="a">
        <TabList label="Import type">
          <Tab value="a">Key</Tab>
          <Tab value="b">Phrase</Tab>
        </TabList>
        <TabPanel value="a">key form</TabPanel>
        <TabPanel value="b">phrase form</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Import type' })).toBeTruthy();
    const [first, second] = screen.getAllByRole('tab');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('key form');
    fireEvent.mouseDown(second!);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('phrase form');
  });
});

describe('VirtualList', () => {
  it('renders a window of a long list, each row knowing its place in the whole', () => {
    // jsdom has no layout: give the scrolling area the size a browser would.
    const height = jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
    const width = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
    // Rows are measured once shown (offsetHeight).
    const rows = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(64);
    const items = Array.from({ length: 1000 }, (_, index) => `account ${index}`);
    render(
      <VirtualList
        items={items}
        getKey={(item) => item}
        renderItem={(item) => <span>{item}</span>}
        height="320px"
        label="Accounts"
      />,
    );
    const shown = screen.getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(4); // 320 px of 64 px rows, plus overscan
    expect(shown.length).toBeLessThan(20);
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('1000');
    expect(shown[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(shown[0]!.textContent).toBe('account 0');
    expect(screen.getByRole('list', { name: 'Accounts' })).toBeTruthy();
    height.mockRestore();
    width.mockRestore();
    rows.mockRestore();
  });
});

describe('chunk-load failures', () => {
  const chunkError = () =>
    Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });

  it('recognises script and CSS chunk failures, and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(
      isChunkLoadError(Object.assign(new Error('css'), { code: 'CSS_CHUNK_LOAD_FAILED' })),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('offers a reload when a route module fails to load', async () => {
    const Broken = lazy(() => Promise.reject(chunkError()));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderWithI18n(
        <MemoryRouter>
          <RouteModule>
            <Broken />
          </RouteModule>
        </MemoryRouter>,
      );
      const alert = await screen.findByTestId('chunk-load-error');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toContain('Part of the wallet could not be loaded.');
      expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('lets other errors through to the app', async () => {
    const Failing = lazy(() => Promise.reject(new TypeError('a bug')));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const caught: unknown[] = [];
    try {
      const { ErrorBoundaryProbe } = await import('./error-boundary-probe');
      renderWithI18n(
        <ErrorBoundaryProbe onError={(e) => caught.push(e)}>
          <MemoryRouter>
            <RouteModule>
              <Failing />
            </RouteModule>
          </MemoryRouter>
        </ErrorBoundaryProbe>,
      );
      await screen.findByTestId('probe-caught');
      expect(caught).toEqual([new TypeError('a bug')]);
      expect(screen.queryByTestId('chunk-load-error')).toBeNull();
    } finally {
      error.mockRestore();
    }
  });
});

describe('choices', () => {
  it('Switch is a labelled switch with its description, toggled by click', () => {
    const changed = jest.fn();
    render(
      <Switch
        label="Crash reports"
        description="Send anonymous crash reports"
        checked={false}
        onCheckedChange={changed}
      />,
    );
    const control = screen.getByRole('switch', { name: 'Crash reports' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(control.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Send anonymous crash reports',
    );
    fireEvent.click(control);
    expect(changed).toHaveBeenCalledWith(true);
  });

  it('Checkbox is labelled and reports true or false', () => {
    const changed = jest.fn();
    render(<Checkbox label="I understand" checked={false} onCheckedChange={changed} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand' }));
    expect(changed).toHaveBeenCalledWith(true);
  });

  it('RadioGroup is a labelled group of radios, one checked', () => {
    const changed = jest.fn();
    render(
      <RadioGroup
        label="Period"
        value="week"
        onValueChange={changed}
        options={[
          { value: 'hour', label: '1 hour' },
          { value: 'week', label: '1 week' },
        ]}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1 week' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '1 hour' }));
    expect(changed).toHaveBeenCalledWith('hour');
  });
});
