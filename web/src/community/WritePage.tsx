import { graphql, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { communityTexts, uiTexts } from '@domain/messages.js';
import { STAFF_ONLY_CATEGORY_IDS } from '@domain/post.js';
import type { WritePageQuery } from '../__generated__/WritePageQuery.graphql';
import type { WritePage_post$key } from '../__generated__/WritePage_post.graphql';
import { RouteScreen } from '../app/RouteScreen';
import { PageHeader } from '../ui/PageHeader';
import { ScreenSkeleton } from '../ui/ScreenSkeleton';
import { StateScreen } from '../ui/StateScreen';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { WriteForm } from './WriteForm';

const w = communityTexts.write;

/** /community/write: a new post, or with ?id= the author's post to edit (000 §2, §4). */
export default function WritePage() {
  return (
    <RouteScreen<WritePageQuery>
      fallback={
        <>
          <PageHeader title={w.title} back />
          <ScreenSkeleton />
        </>
      }
    >
      {(queryRef) => <WriteContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

function WriteContent({ queryRef }: { queryRef: PreloadedQuery<WritePageQuery> }) {
  const data = usePreloadedQuery<WritePageQuery>(
    graphql`
      query WritePageQuery($id: ID!, $isEdit: Boolean!) @preloadable {
        viewer {
          id
          isStaff
        }
        categories {
          id
          databaseId
          name
          children {
            id
            databaseId
            name
          }
        }
        post(id: $id) @include(if: $isEdit) {
          ...WritePage_post @alias
        }
      }
    `,
    queryRef,
  );
  const isEdit = queryRef.variables.isEdit;
  const post = useFragment<WritePage_post$key>(
    graphql`
      fragment WritePage_post on Post {
        id
        title
        content
        type
        tradeType
        price
        location
        isSold
        category {
          databaseId
        }
        subCategory {
          databaseId
        }
        images {
          id
          url
          thumbnailUrl
        }
        author {
          id
        }
      }
    `,
    data.post?.WritePage_post ?? null,
  );
  const title = isEdit ? w.editTitle : w.title;

  // What stands instead of the form: a guest, a post that is gone, or someone else's post.
  const state = !data.viewer ? (
    <LoginRequiredScreen />
  ) : isEdit && !post ? (
    <StateScreen title={uiTexts.postNotFound} />
  ) : post && post.author?.id !== data.viewer.id ? (
    <StateScreen title={communityTexts.errors.notAuthor} />
  ) : null;
  if (state || !data.viewer) {
    return (
      <>
        <PageHeader title={title} back />
        {state}
      </>
    );
  }
  // The server refuses a member's post in 공지; the form does not offer it.
  const all = data.categories ?? [];
  const categories = data.viewer?.isStaff ? all : all.filter((category) => !STAFF_ONLY_CATEGORY_IDS.includes(category.databaseId));
  return <WriteForm key={post?.id ?? 'new'} title={title} post={post ?? null} categories={categories} viewerId={data.viewer.id} />;
}
