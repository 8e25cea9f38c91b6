import type { ReactNode } from 'react';
import { uiTexts } from '@domain/messages.js';

interface StateScreenProps {
  title: string;
  text?: string;
  action?: ReactNode;
}

/** A centred message for empty, not-found and not-yet-built screens. */
export function StateScreen({ title, text, action }: StateScreenProps) {
  return (
    <section className="state-screen">
      <div className="state-screen__slime" aria-hidden="true" />
      <h2 className="state-screen__title">{title}</h2>
      {text ? <p className="state-screen__text">{text}</p> : null}
      {action}
    </section>
  );
}

/** A members-only screen seen by a guest; with `onLogin`, the button that opens the login sheet. */
export function LoginRequired({ onLogin, text = uiTexts.loginModalText }: { onLogin?: () => void; text?: string }) {
  const action = onLogin ? (
    <button type="button" className="button button--primary" onClick={onLogin}>
      {uiTexts.login}
    </button>
  ) : undefined;
  return <StateScreen title={uiTexts.loginRequired} text={text} action={action} />;
}
