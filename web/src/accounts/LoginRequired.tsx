import { uiTexts } from '@domain/messages.js';
import { StateScreen } from '../ui/StateScreen';
import { useOpenLoginModal } from './LoginModal';

/**
 * A members-only screen seen by a guest. With `login` it offers the button that opens the login sheet, and
 * `returnTo` is where the sheet goes once logged in.
 */
export function LoginRequired({ login = false, returnTo }: { login?: boolean; returnTo?: string }) {
  const openLogin = useOpenLoginModal();
  const action = login ? (
    <button type="button" className="button button--primary" onClick={() => openLogin(returnTo ? { returnTo } : undefined)}>
      {uiTexts.login}
    </button>
  ) : undefined;
  return <StateScreen title={uiTexts.loginRequired} text={uiTexts.loginModalText} action={action} />;
}
