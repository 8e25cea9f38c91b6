import type { ReactNode } from 'react';

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
