import { useNavigation } from 'react-router-dom';

/** The top loading bar of 002 §2.3, shown while a navigation (and its data) is pending. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" aria-hidden="true" />;
}
