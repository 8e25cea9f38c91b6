import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useRouteData } from '../app/routing/navigation';
import { uiTexts } from '@domain/messages.js';
import type { PostDetailPageQuery } from '../__generated__/PostDetailPageQuery.graphql';
import { QueryErrorBoundary } from '../app/errors/ErrorBoundary';
import { PageHeader } from '../ui/PageHeader';
import { LoadingScreen } from '../ui/LoadingScreen';
import { StateScreen } from '../ui/StateScreen';
import { PostDetail } from './PostDetail';

/** A single post, /community/detail?id= (002 §2.1). */
export default function PostDetailPage() {
  const queryRef = useRouteData() as PreloadedQuery<PostDetailPageQuery> | null;
  return (
    <>
      <PageHeader title={uiTexts.postDetail} back />
      {queryRef ? (
        <QueryErrorBoundary queryRef={queryRef}>
          <Suspense fallback={<LoadingScreen />}>
            <PostDetailContent queryRef={queryRef} />
          </Suspense>
        </QueryErrorBoundary>
      ) : (
        <PostNotFound />
      )}
    </>
  );
}

function PostDetailContent({ queryRef }: { queryRef: PreloadedQuery<PostDetailPageQuery> }) {
  const { post, viewer } = usePreloadedQuery<PostDetailPageQuery>(
    graphql`
      query PostDetailPageQuery($id: ID!) @preloadable {
        viewer {
          id
        }
        post(id: $id) {
          ...PostDetail_post @alias
        }
      }
    `,
    queryRef,
  );
  // The aliased spread is null unless the union resolved to a Post (a NotFoundError, for instance).
  const found = post?.PostDetail_post;
  if (!found) return <PostNotFound />;
  return <PostDetail post={found} viewerId={viewer?.id ?? null} />;
}

function PostNotFound() {
  return <StateScreen title={uiTexts.postNotFound} />;
}
