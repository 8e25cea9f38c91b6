import type { ReactNode } from 'react';
import { uiTexts } from '@domain/messages.js';
import { BackButton } from '../app/BackButton';

interface PageHeaderProps {
  title: string;
  /** Shows a back button; pass a function to replace the default back navigation. */
  back?: boolean | (() => void);
  right?: ReactNode;
  /** False when the screen's content carries its h1 (a post's own title): the bar's title is then a label only. */
  heading?: boolean;
}

/** A screen's document title: its name, then the app's. */
export const screenTitle = (name: string) => (name ? `${name} · ${uiTexts.appTitle}` : uiTexts.appTitle);

/** The sticky page header of 000 §2: optional back button, centred title, right-side slot. */
export function PageHeader({ title, back = false, right, heading = true }: PageHeaderProps) {
  const Title = heading ? 'h1' : 'p';
  return (
    <header className="page-header">
      {/* React places it in the document's head: each screen its own title in tabs, history and screen readers. */}
      <title>{screenTitle(title)}</title>
      <div className="page-header__side">{back ? <BackButton onBack={typeof back === 'function' ? back : undefined} /> : null}</div>
      <Title className="page-header__title">{title}</Title>
      <div className="page-header__side page-header__side--right">{right}</div>
    </header>
  );
}
