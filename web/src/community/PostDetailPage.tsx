import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { uiTexts } from '@domain/messages.js';
import type { PostDetailPageQuery } from '../__generated__/PostDetailPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { PostDetail } from './PostDetail';
import { RouteScreen } from '../app/RouteScreen';

/** A single post, /community/detail?id= (002 §2.1); its title is the screen's h1, the bar above it says 게시글. */
export default function PostDetailPage() {
  return (
    <RouteScreen<PostDetailPageQuery> header={<PageHeader title={uiTexts.postDetail} back heading={false} />} contentHeading withoutQuery={<PostNotFound />}>
      {(queryRef) => <PostDetailContent queryRef={queryRef} />}
    </RouteScreen>
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
          # The replies come in a later part of the answer: the post paints without waiting for them.
          ...ReplySection_post @defer @alias
        }
      }
    `,
    queryRef,
  );
  // The aliased spread is null unless the union resolved to a Post (a NotFoundError, for instance).
  const found = post?.PostDetail_post;
  if (!found) return <PostNotFound />;
  return <PostDetail post={found} replies={post.ReplySection_post ?? null} viewerId={viewer?.id ?? null} />;
}

function PostNotFound() {
  return <StateScreen title={uiTexts.postNotFound} level={1} />;
}
