import { Component, type ReactNode } from 'react';
import { FallbackScreen } from './FallbackScreen';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The error state is left when any of these change (002 §4.5). */
  resetKeys: readonly unknown[];
  onRetry: () => void;
  /** The boundary stands for the whole screen (nothing of it stays drawn on failure): its message is the page's heading. */
  wholeScreen?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKeys: readonly unknown[];
}

function changed(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length !== b.length || a.some((value, index) => !Object.is(value, b[index]));
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error() };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (changed(props.resetKeys, state.resetKeys)) return { error: null, resetKeys: props.resetKeys };
    return null;
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    const { error } = this.state;
    if (error) return <FallbackScreen error={error} onRetry={this.props.onRetry} wholeScreen={this.props.wholeScreen} />;
    return this.props.children;
  }
}
