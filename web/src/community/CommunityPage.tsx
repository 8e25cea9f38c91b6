import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { SKELETON_BLOCKS } from '@domain/limits.js';
import { uiTexts } from '@domain/messages.js';
import type { CommunityPageQuery } from '../__generated__/CommunityPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { CategoryChips } from './CategoryChips';
import { CommunityFeed } from './CommunityFeed';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { StoryTray } from '../stories/StoryTray';
import { RouteScreen } from '../app/RouteScreen';

/** The home feed, /community (000 §2). */
export default function CommunityPage() {
  return (
    <RouteScreen<CommunityPageQuery> header={<PageHeader title={uiTexts.community} />} fallback={<ScreenSkeleton lead="chips" blocks={SKELETON_BLOCKS.feed} />}>
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
