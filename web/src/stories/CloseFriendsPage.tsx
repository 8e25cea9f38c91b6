import { Suspense, useDeferredValue, useEffect, useId, useState } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { NICKNAME_MAX, STORY_FRIENDS_PAGE_SIZE } from '@domain/limits.js';
import { storyTexts, uiTexts } from '@domain/messages.js';
import type { CloseFriendsPageQuery } from '../__generated__/CloseFriendsPageQuery.graphql';
import type { CloseFriendsPage_user$key } from '../__generated__/CloseFriendsPage_user.graphql';
import { Avatar } from '../ui/Avatar';
import { PageHeader } from '../ui/PageHeader';
import { showStoryToast, StoryToaster } from './storyToaster';
import { useSetCloseFriendsMutation } from './useStoryMutations';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { setWith } from '../ui/setWith';
import { useSession } from '../app/session';
import { characterLimit } from '../ui/FormParts';
import { LoadMoreButton } from '../ui/LoadMoreButton';

const c = storyTexts.closeFriends;

const closeFriendsQuery = graphql`
  query CloseFriendsPageQuery {
    viewer {
      id
      closeFriends {
        id
      }
      ...CloseFriendsPage_user
    }
  }
`;

/**
 * /my/settings/close-friends: the member ticks which friends (they follow each other) see their 친한 친구 stories.
 * The screen starts its own query as it mounts (it is matched by the catch-all screen, so its path and a loader cost
 * the first visit nothing); a failure reaches the error screen around every screen.
 */
export default function CloseFriendsPage() {
  const [queryRef, loadQuery] = useQueryLoader<CloseFriendsPageQuery>(closeFriendsQuery);
  // Read again when the session changes: a guest who logs in from this screen gets it as theirs.
  const { token } = useSession();
  useEffect(() => loadQuery({}, { fetchPolicy: 'store-and-network' }), [loadQuery, token]);
  const loading = <p className="close-friends__intro">{uiTexts.loading}</p>;
  return (
    <>
      <PageHeader title={c.title} back />
      {queryRef ? <Suspense fallback={loading}>{<CloseFriends queryRef={queryRef} />}</Suspense> : loading}
      <StoryToaster />
    </>
  );
}

function CloseFriends({ queryRef }: { queryRef: PreloadedQuery<CloseFriendsPageQuery> }) {
  const { viewer } = usePreloadedQuery<CloseFriendsPageQuery>(closeFriendsQuery, queryRef);
  if (!viewer) return <LoginRequiredScreen text={c.loginRequired} />;
  return <Picker user={viewer} initial={(viewer.closeFriends ?? []).map((friend) => friend.id)} />;
}

/**
 * The friends a page at a time with a nickname filter over those loaded; the ticks start from the member's close
 * friends (all of them, loaded or not), and saving sends the whole set.
 */
function Picker({ user, initial }: { user: CloseFriendsPage_user$key; initial: string[] }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment CloseFriendsPage_user on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 100 }, cursor: { type: "String" })
      @refetchable(queryName: "CloseFriendsPagePaginationQuery") {
        closeFriendCandidates(first: $count, after: $cursor) @connection(key: "CloseFriendsPage_closeFriendCandidates") {
          totalCount
          edges {
            node {
              user {
                id
                nickname
                profileImage
              }
            }
          }
        }
      }
    `,
    user,
  );
  const [chosen, setChosen] = useState(() => new Set(initial));
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter.trim().toLowerCase());
  const [save, saving] = useSetCloseFriendsMutation();
  const searchId = useId();
  const friends = data.closeFriendCandidates?.edges.map((edge) => edge.node.user) ?? [];
  const shown = deferredFilter ? friends.filter((friend) => friend.nickname.toLowerCase().includes(deferredFilter)) : friends;

  const toggle = (id: string, on: boolean) => setChosen((current) => setWith(current, id, on));

  const submit = () =>
    save([...chosen]).then(
      () => showStoryToast(c.saved),
      (error: Error) => showStoryToast(error.message, 'error'),
    );

  return (
    <div className="close-friends">
      <p className="close-friends__intro">{c.intro}</p>
      {friends.length === 0 ? (
        <p className="close-friends__empty">{c.empty}</p>
      ) : (
        <>
          <label htmlFor={searchId} className="field__label">
            {c.search}
          </label>
          <input id={searchId} type="search" className="field__input" value={filter} {...characterLimit(NICKNAME_MAX, setFilter)} placeholder={c.search} />
          <p className="close-friends__count" aria-live="polite">
            {c.selected(chosen.size)}
          </p>
          {shown.length ? (
            <ul className="close-friends__list">
              {shown.map((friend) => (
                <li key={friend.id}>
                  <label className="close-friends__item" data-testid="close-friend">
                    <input type="checkbox" checked={chosen.has(friend.id)} onChange={(event) => toggle(friend.id, event.target.checked)} />
                    <Avatar src={friend.profileImage} />
                    <span className="close-friends__name">{friend.nickname}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="close-friends__empty">{c.noMatch}</p>
          )}
          <LoadMoreButton
            page={{ hasNext, isLoadingNext, loadNext, shown: friends.length }}
            count={STORY_FRIENDS_PAGE_SIZE}
            label={c.more}
            className="button button--secondary"
          />
          <button type="button" className="button button--primary close-friends__save" disabled={saving} onClick={() => void submit()}>
            {saving ? c.saving : c.save}
          </button>
        </>
      )}
    </div>
  );
}
