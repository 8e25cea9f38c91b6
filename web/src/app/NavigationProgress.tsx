import { useLocation } from 'react-router-dom';
import { useLatestLocation } from './routing/navigation';

/**
 * The top loading bar of 002 §2.3, shown while a navigation (its screen's code or data) is pending. It stays
 * mounted: when the navigation ends, the stylesheet keeps it for the stop delay (--progress-stop-delay, from
 * domain LAYOUT) and then fades it, so a quick navigation still shows a bar rather than a flicker.
 */
export function NavigationProgress() {
  const shown = useLocation();
  const latest = useLatestLocation();
  const pending = latest.key !== shown.key;
  return <div className={`navigation-progress${pending ? ' navigation-progress--active' : ''}`} data-testid="navigation-progress" aria-hidden="true" />;
}
