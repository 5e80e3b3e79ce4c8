import { Component, type ReactNode } from 'react';
import { tellRemoteFailure } from './failures';
import { RemoteFallback } from './RemoteFallback';

type Props = {
  remote: string;
  /** what the slot mounts (`./SearchButton`, a page's route id), for the failure report */
  module: string;
  onRetry: () => void;
  /** told once the slot shows its fallback */
  onFailure?: () => void;
  variant: 'block' | 'compact';
  /** the fallback's text instead of the variant's */
  message?: string;
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
    // a load failure was told where it happened (registry.ts); what is left is a page's chunk or a render
    tellRemoteFailure(this.props.remote, this.props.module, error, 'render');
    this.props.onFailure?.();
  }

  override render() {
    if (this.state.failed) {
      const { remote, variant, onRetry, message } = this.props;
      return <RemoteFallback remote={remote} variant={variant} onRetry={onRetry} message={message} />;
    }
    return this.props.children;
  }
}
