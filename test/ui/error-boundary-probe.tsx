import { Component, type ReactNode } from 'react';

/** Catches whatever a subtree throws, for tests that check an error is passed on. */
export class ErrorBoundaryProbe extends Component<
  { children: ReactNode; onError(error: unknown): void },
  { caught: boolean }
> {
  override state = { caught: false };

  static getDerivedStateFromError() {
    return { caught: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.caught ? <p data-testid="probe-caught">caught</p> : this.props.children;
  }
}
