import { lazy, type ComponentType } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { infoTexts, uiTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { LegalPage } from '../accounts/PrivacyPolicyPage';
import NotFoundPage from '../app/NotFoundPage';

const t = infoTexts;

function ContactPage() {
  return (
    <>
      <PageHeader title={t.contact.title} back />
      <StateScreen
        title={t.contact.title}
        text={t.contact.text}
        action={
          <Link to="/my/inquiries" className="button button--primary">
            {t.contact.action}
          </Link>
        }
      />
    </>
  );
}

function ServerErrorPage() {
  return (
    <>
      <PageHeader title={t.serverError.title} back />
      <StateScreen
        title={t.serverError.title}
        text={t.serverError.text}
        action={
          <Link to="/community" className="button button--primary">
            {uiTexts.goHome}
          </Link>
        }
      />
    </>
  );
}

function ForbiddenPage() {
  return (
    <>
      <PageHeader title={t.forbidden.title} back />
      <StateScreen
        title={t.forbidden.title}
        action={
          <Link to="/community" className="button button--primary">
            {uiTexts.goHome}
          </Link>
        }
        text={t.forbidden.text}
      />
    </>
  );
}

/** A companion-app feature the spec names but does not show on the web: a designed screen, not a 404. */
function inTheApp(feature: string): ComponentType {
  return function InTheAppPage() {
    return (
      <>
        <PageHeader title={feature} back />
        <StateScreen
          title={feature}
          text={t.inTheApp.text(feature)}
          action={
            <Link to="/community" className="button button--primary">
              {t.inTheApp.back}
            </Link>
          }
        />
      </>
    );
  };
}

const channel = inTheApp(t.inTheApp.channel);
const arcade = inTheApp(t.inTheApp.arcade);

/** The screens by their path pattern. */
const screensByPath: Record<string, ComponentType> = {
  about: () => <LegalPage title={t.about.title} sections={t.about.sections} />,
  help: () => <LegalPage title={t.help.title} sections={t.help.sections} />,
  faq: () => <LegalPage title={t.faq.title} sections={t.faq.sections} />,
  contact: ContactPage,
  '404': NotFoundPage,
  '500': ServerErrorPage,
  '403': ForbiddenPage,
  channel,
  'channel/create': channel,
  'channel/:id': channel,
  'channel/:id/settings': channel,
  market: inTheApp(t.inTheApp.market),
  arcade,
  'arcade/games': arcade,
  mission: inTheApp(t.inTheApp.mission),
  // The stories' close-friends picker, matched here so its path costs the first visit nothing.
  'my/settings/close-friends': lazy(() => import('../stories/CloseFriendsPage')),
};

/** The router's catch-all: the screen whose pattern matches the address, or the 404 screen. */
export default function UnroutedPage() {
  const { pathname } = useLocation();
  const pattern = Object.keys(screensByPath).find((path) => matchPath(`/${path}`, pathname));
  const Screen = pattern ? screensByPath[pattern] : NotFoundPage;
  return <Screen />;
}
