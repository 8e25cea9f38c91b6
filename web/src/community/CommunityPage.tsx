import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useRouteData } from '../app/routing/navigation';
import { uiTexts } from '@domain/messages.js';
import type { CommunityPageQuery } from '../__generated__/CommunityPageQuery.graphql';
import { QueryErrorBoundary } from '../app/errors/ErrorBoundary';
import { PageHeader } from '../ui/PageHeader';
import { CategoryChips } from './CategoryChips';
import { CommunityFeed } from './CommunityFeed';
import { FeedSkeleton } from './FeedSkeleton';
import { StoryTray } from '../stories/StoryTray';

/** The home feed, /community (000 §2). */
export default function CommunityPage() {
  const queryRef = useRouteData() as PreloadedQuery<CommunityPageQuery>;
  return (
    <>
      <PageHeader title={uiTexts.community} />
      <QueryErrorBoundary queryRef={queryRef}>
        <Suspense fallback={<FeedSkeleton />}>
          <CommunityContent queryRef={queryRef} />
        </Suspense>
      </QueryErrorBoundary>
    </>
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
