import { Link } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import { PageHeader } from '../layout/PageHeader';
import { StateScreen } from '../shared/StateScreen';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title={uiTexts.appTitle} back />
      <StateScreen
        title={uiTexts.notFoundTitle}
        text={uiTexts.notFoundText}
        action={
          <Link to="/community" className="button button--primary">
            {uiTexts.goHome}
          </Link>
        }
      />
    </>
  );
}
