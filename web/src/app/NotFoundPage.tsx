import { Link } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title={uiTexts.notFoundTitle} back />
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
