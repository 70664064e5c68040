import { screen } from '@testing-library/react';

import { signedInState } from './fake-background';
import { renderApp } from './render-app';

/** The billboard on home: asked of the engine, shown as links, hidden by the white-label. */
describe('home billboard', () => {
  it('asks for the billboard in the user language and shows its https links in a new tab', async () => {
    const { background, settle } = await renderApp('/wallet/home');
    background.snapshot(1, signedInState());
    await settle();
    const request = background
      .requests()
      .find((message) => message.type === 'request' && message.action === 'readBillboard');
    expect(request).toMatchObject({ params: ['en'] });
    background.send({
      type: 'response',
      id: (request as { id: number }).id,
      result: [
        {
          id: 1,
          link: 'https://learn.example/',
          title: 'Learn',
          description: null,
          imageUrl: null,
          callToAction: null,
        },
      ],
    });
    await settle();
    const region = screen.getByRole('region', { name: 'Featured' });
    const link = region.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://learn.example/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('Learn more');
    expect(link.textContent).toContain('opens in a new tab');
  });

  it('shows nothing when the engine fails (no backend)', async () => {
    const { background, settle } = await renderApp('/wallet/home');
    background.snapshot(1, signedInState());
    await settle();
    const request = background
      .requests()
      .find((message) => message.type === 'request' && message.action === 'readBillboard');
    background.send({
      type: 'error',
      id: (request as { id: number }).id,
      error: { message: 'No backend API is configured for this wallet.', code: -32603 },
    });
    await settle();
    expect(screen.queryByTestId('billboard')).toBeNull();
    expect(screen.getByTestId('wallet-home-page')).toBeTruthy();
  });

  it('is neither asked for nor shown when the white-label hides it (featuredBillboardHide)', async () => {
    const state = signedInState();
    state.WhiteLabelController.whiteLabel = {
      ...state.WhiteLabelController.whiteLabel,
      isActive: true,
      featuredBillboardHide: true,
    };
    const { background, settle } = await renderApp('/wallet/home');
    background.snapshot(1, state);
    await settle();
    expect(screen.getByTestId('wallet-home-page')).toBeTruthy();
    expect(
      background
        .requests()
        .some((message) => message.type === 'request' && message.action === 'readBillboard'),
    ).toBe(false);
    expect(screen.queryByTestId('billboard')).toBeNull();
  });
});
