import { Component, type ReactNode } from 'react';
import { useRevalidate } from '../routing/navigation';
import { FallbackScreen } from './FallbackScreen';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The error state is left when any of these change (002 §4.5). */
  resetKeys: readonly unknown[];
  onRetry: () => void;
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
    if (error) return <FallbackScreen error={error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

/**
 * Wraps a screen's content whose query came from the route loader: "다시 시도" runs the loader again,
 * and the new query reference (a reset key) clears the error.
 */
export function QueryErrorBoundary({ queryRef, children }: { queryRef: unknown; children: ReactNode }) {
  const revalidate = useRevalidate();
  return (
    <ErrorBoundary resetKeys={[queryRef]} onRetry={revalidate}>
      {children}
    </ErrorBoundary>
  );
}
