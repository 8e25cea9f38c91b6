import { Link } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';

/** What a screen shows for something that is not there: the message and the way home. */
export function NotFoundScreen() {
  return (
    <StateScreen
      title={uiTexts.notFoundTitle}
      text={uiTexts.notFoundText}
      action={
        <Link to="/community" className="button button--primary">
          {uiTexts.goHome}
        </Link>
      }
    />
  );
}

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title={uiTexts.notFoundTitle} back />
      <NotFoundScreen />
    </>
  );
}
