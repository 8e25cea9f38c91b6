import { useLocation } from 'react-router-dom';
import { LoginRequired } from '../ui/StateScreen';
import { useOpenLoginModal } from './LoginModal';

/**
 * A member-only screen seen by a guest: says so, with the button that opens the login sheet. Logged in, the member
 * comes back to this address, whose screen then loads as theirs.
 */
export function LoginRequiredScreen({ text }: { text?: string }) {
  const openLogin = useOpenLoginModal();
  const { pathname, search } = useLocation();
  return <LoginRequired text={text} onLogin={() => openLogin({ returnTo: pathname + search })} />;
}
