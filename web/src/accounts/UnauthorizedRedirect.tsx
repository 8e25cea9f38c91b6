import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { globalErrorTexts } from '@domain/messages.js';
import { useToast } from '../ui/toast/ToastProvider';
import { rememberReturnPath, takeUnauthorized, UNAUTHORIZED_EVENT } from '../app/session';
import { isMemberOnlyPath } from '../app/navigation/memberOnly';

/**
 * 002 §4.3: when the gateway rejects the stored session, the user is already cleared (fetchGraphQL);
 * here the login-needed toast shows, and on a member-only screen the current path is remembered and the
 * visitor goes to /login/sign-in. Logging in there returns to the remembered path. Public screens stay.
 */
export default function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();

  useEffect(() => {
    function onUnauthorized() {
      if (!takeUnauthorized()) return;
      toast.show(globalErrorTexts.loginNeeded, 'warning');
      // A public screen was read again as a guest (fetchGraphQL): the visitor stays where they are.
      if (location.pathname.startsWith('/login') || !isMemberOnlyPath(location.pathname)) return;
      rememberReturnPath(location.pathname + location.search);
      navigate('/login/sign-in', { replace: true });
    }
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    onUnauthorized();
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [location.pathname, location.search, navigate, toast]);

  return null;
}
