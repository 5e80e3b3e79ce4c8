import { Component, type ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback';

type Props = {
  remote: string;
  onRetry: () => void;
  /** told once the slot shows its fallback */
  onFailure?: () => void;
  variant: 'block' | 'compact';
  children: ReactNode;
};
type State = { failed: boolean };

/** Catches a remote's load or render failure so that it stays inside the remote's own slot. */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[remote ${this.props.remote}] failed to load or render`, error);
    this.props.onFailure?.();
  }

  override render() {
    if (this.state.failed) {
      return <RemoteFallback remote={this.props.remote} variant={this.props.variant} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
