/**
 * The recipient's QR scanner on /wallet/transfer (views.md §4.3 D3): the camera is asked for
 * only when the user opens the scanner, a refusal says what to do and leaves the photo and
 * typing fallbacks, and closing releases everything.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

import { signedInState } from './fake-background';
import { renderApp } from './render-app';

const getUserMedia = jest.fn();

beforeEach(() => {
  getUserMedia.mockReset();
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
});

async function openTransfer() {
  const app = await renderApp('/wallet/transfer');
  app.background.snapshot(1, signedInState());
  await app.settle();
  await screen.findByRole('heading', { name: 'Transfer' });
  return app;
}

describe('QR scanner dialog', () => {
  it('asks for the camera only on open; a refusal shows the permission text and the fallbacks', async () => {
    getUserMedia.mockRejectedValue(
      Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }),
    );
    await openTransfer();
    expect(getUserMedia).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan the recipient’s address' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('qr-status').textContent).toMatch(
        /Camera access was not allowed/,
      ),
    );
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment' },
      audio: false,
    });
    expect(within(dialog).getByLabelText('Or read it from a photo')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Type or paste instead' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so where the page is not secure, without asking', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    await openTransfer();
    fireEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('qr-status').textContent).toMatch(/secure \(https\)/);
    expect(getUserMedia).not.toHaveBeenCalled();
  });
});
