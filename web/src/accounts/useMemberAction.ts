import { useCallback } from 'react';
import { useOpenLoginModal } from './LoginModal';
import { isGuest } from '../app/session';

/** Runs a member-only action, or opens the login modal for a guest (000 §4, §6). */
export function useMemberAction(): (action: () => void) => void {
  const openLogin = useOpenLoginModal();
  return useCallback(
    (action: () => void) => {
      if (isGuest()) openLogin();
      else action();
    },
    [openLogin],
  );
}
