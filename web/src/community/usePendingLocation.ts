import { useLocation, useNavigation } from 'react-router-dom';

/**
 * The location the app is heading to while a navigation is pending, else the current one. Lets a screen
 * reflect a tap (a selected chip) before the new data has arrived.
 */
export function usePendingLocation() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.location ?? location;
}
