import type { ReactNode } from 'react';
import { uiTexts } from '@domain/messages.js';

interface StateScreenProps {
  title: string;
  text?: string;
  action?: ReactNode;
  /** 1 on a screen whose header is no heading: the message is then the page's h1. */
  level?: 1 | 2;
}

/** A centred message for empty, not-found and not-yet-built screens. */
export function StateScreen({ title, text, action, level = 2 }: StateScreenProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <section className="state-screen">
      <div className="state-screen__slime" aria-hidden="true" />
      <Title className="state-screen__title">{title}</Title>
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
