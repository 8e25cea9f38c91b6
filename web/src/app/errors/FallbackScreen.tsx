import { lazy, Suspense, type ComponentType } from 'react';
import { TRANSIENT_ERROR_CODES } from '@domain/errors.js';
import { globalErrorTexts } from '@domain/messages.js';
import { RequestError } from '../relay/fetchGraphQL';

interface FallbackScreenProps {
  error: unknown;
  onRetry: () => void;
  /** In place of a whole screen, header included: its title is the page's h1 (a page without one has no heading to go to). */
  wholeScreen?: boolean;
}

/**
 * Only request failures carry a message meant for users; anything else would show an English stack message. A
 * refused input says which rule it broke (its first issue), not only that the input was refused.
 */
export function fallbackMessageOf(error: unknown): string | null {
  if (!(error instanceof RequestError)) return null;
  const rule = error.code === 'VALIDATION_ERROR' ? error.details[0]?.message?.trim() : undefined;
  return rule || error.message.trim() || null;
}

/** A failure that passes: the service or the network away, or a time-out. */
const isTransient = (error: unknown): error is RequestError =>
  error instanceof RequestError && (TRANSIENT_ERROR_CODES as readonly string[]).includes(error.code);

/**
 * The retry once the service is back, with its word: split off, as a failed screen is rare and the first visit
 * carries every byte of this file. When its code cannot be downloaded (the gateway itself away), 다시 시도 remains.
 */
const RetryWhenBack = lazy<ComponentType<{ awayAlready: boolean; onRetry: () => void }>>(() =>
  import('./RetryWhenBack').catch(() => ({ default: () => null })),
);

/** The fallback screen of 002 §8.4. */
export function FallbackScreen({ error, onRetry, wholeScreen = false }: FallbackScreenProps) {
  const Title = wholeScreen ? 'h1' : 'h2';
  return (
    <section className="state-screen" role="alert">
      <div className="state-screen__slime state-screen__slime--sad" aria-hidden="true" />
      <Title className="state-screen__title">{globalErrorTexts.fallbackTitle}</Title>
      <p className="state-screen__text">{fallbackMessageOf(error) ?? globalErrorTexts.fallbackText}</p>
      {isTransient(error) ? (
        <Suspense fallback={null}>
          <RetryWhenBack awayAlready={error.code === 'SERVICE_UNAVAILABLE' || error.code === 'NETWORK_ERROR'} onRetry={onRetry} />
        </Suspense>
      ) : null}
      <button type="button" className="button button--primary" onClick={onRetry}>
        {globalErrorTexts.tryAgain}
      </button>
    </section>
  );
}
