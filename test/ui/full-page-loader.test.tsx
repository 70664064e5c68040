import { act, render, screen } from '@testing-library/react';
import { clearTimers } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';

import { FullPageLoader } from '../../src/ui/components/FullPageLoader';
import { createI18n } from '../../src/ui/i18n/create-i18n';

afterAll(() => clearTimers());

describe('FullPageLoader', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows nothing for the first 500 ms, then a 60 px spinner with the login-loader text', async () => {
    const i18n = await createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <FullPageLoader />
      </I18nextProvider>,
    );
    act(() => jest.advanceTimersByTime(499));
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('full-page-loader').textContent).toBe('Loading your wallet…');
    const spinner = screen.getByTestId('full-page-loader-spinner');
    expect(spinner.style.width).toBe('60px');
    expect(spinner.style.height).toBe('60px');
  });

  it('takes delay and size props', async () => {
    const i18n = await createI18n();
    render(
      <I18nextProvider i18n={i18n}>
        <FullPageLoader delay={1200} size={24} />
      </I18nextProvider>,
    );
    act(() => jest.advanceTimersByTime(1199));
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('full-page-loader-spinner').style.width).toBe('24px');
  });

  it('never appears if it is unmounted before the delay', async () => {
    const i18n = await createI18n();
    const view = render(
      <I18nextProvider i18n={i18n}>
        <FullPageLoader />
      </I18nextProvider>,
    );
    act(() => jest.advanceTimersByTime(300));
    view.unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });
});
