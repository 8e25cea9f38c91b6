import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { uiTexts } from '@domain/messages.js';
import type { CommunityPageQuery } from '../__generated__/CommunityPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { CategoryChips } from './CategoryChips';
import { CommunityFeed } from './CommunityFeed';
import { FeedSkeleton } from './FeedSkeleton';
import { StoryTray } from '../stories/StoryTray';
import { RouteScreen } from '../app/RouteScreen';

/** The home feed, /community (000 §2). */
export default function CommunityPage() {
  return (
    <RouteScreen<CommunityPageQuery> header={<PageHeader title={uiTexts.community} />} fallback={<FeedSkeleton />}>
      {(queryRef) => <CommunityContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

function CommunityContent({ queryRef }: { queryRef: PreloadedQuery<CommunityPageQuery> }) {
  const data = usePreloadedQuery<CommunityPageQuery>(
    graphql`
      query CommunityPageQuery($categoryId: Int, $count: Int!) @preloadable {
        ...StoryTray_query
        ...CategoryChips_query
        ...CommunityFeed_query @arguments(categoryId: $categoryId, count: $count)
      }
    `,
    queryRef,
  );
  return (
    <>
      <StoryTray query={data} />
      <CategoryChips query={data} />
      <CommunityFeed query={data} />
    </>
  );
}
