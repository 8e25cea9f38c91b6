import { useLocation } from 'react-router-dom';
import { useLatestLocation } from './routing/navigation';

/** The top loading bar of 002 §2.3, shown while a navigation (its screen's code or data) is pending. */
export function NavigationProgress() {
  const shown = useLocation();
  const latest = useLatestLocation();
  if (latest.key === shown.key) return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}
