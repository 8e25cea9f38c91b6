import { uiTexts } from '@domain/messages.js';
import { PageHeader } from '../layout/PageHeader';
import { StateScreen } from '../shared/StateScreen';

/** Screens that are not built yet, so every tab leads somewhere. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <StateScreen title={uiTexts.comingSoonTitle} text={uiTexts.comingSoonText} />
    </>
  );
}

export const SearchPage = () => <PlaceholderPage title={uiTexts.pageTitles.search} />;
export const WritePage = () => <PlaceholderPage title={uiTexts.pageTitles.write} />;
export const NotificationPage = () => <PlaceholderPage title={uiTexts.pageTitles.notification} />;
export const MyPage = () => <PlaceholderPage title={uiTexts.pageTitles.profile} />;
