import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router-dom';
import { commitLocalUpdate } from 'relay-runtime';
import { STORY_FRIENDS_PAGE_SIZE } from '@domain/limits.js';
import { storyTexts } from '@domain/messages.js';
import type { HiddenStoryMemberList_user$key } from '../__generated__/HiddenStoryMemberList_user.graphql';
import { Avatar } from '../ui/Avatar';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { useToast } from '../ui/toast/ToastProvider';
import { failureMessage } from '../app/relay/mutationFailure';
import { useUnhideUserStoriesMutation } from './useStoryMutations';

const h = storyTexts.hiddenMembers;

/** Settings: the members whose stories the member hid, each with 숨김 해제, and the way to the close-friends picker. */
export function HiddenStoryMemberList({ user }: { user: HiddenStoryMemberList_user$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment HiddenStoryMemberList_user on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" })
      @refetchable(queryName: "HiddenStoryMemberListPaginationQuery") {
        hiddenStoryUsers(first: $count, after: $cursor) @connection(key: "HiddenStoryMemberList_hiddenStoryUsers") {
          __id
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
  const [unhide, inFlight] = useUnhideUserStoriesMutation();
  const environment = useRelayEnvironment();
  const toast = useToast();
  const connection = data.hiddenStoryUsers;

  async function unhideMember(userId: string) {
    try {
      await unhide(userId);
    } catch (failure) {
      return toast.show(failureMessage(failure), 'error');
    }
    // The member leaves the list at once (the entries have no id of their own to delete by).
    commitLocalUpdate(environment, (store) => {
      const record = connection ? store.get(connection.__id) : null;
      if (!record) return;
      const edges = record.getLinkedRecords('edges') ?? [];
      const kept = edges.filter((edge) => edge?.getLinkedRecord('node')?.getLinkedRecord('user')?.getDataID() !== userId);
      record.setLinkedRecords(kept, 'edges');
      const total = record.getValue('totalCount');
      if (typeof total === 'number') record.setValue(total - (edges.length - kept.length), 'totalCount');
    });
    toast.show(storyTexts.viewer.unhidden, 'success');
  }

  return (
    <>
      <h2>{h.section}</h2>
      <Link className="settings-link" to="/my/settings/close-friends">
        {storyTexts.closeFriends.manage}
      </Link>
      <h3 className="settings-subtitle">{h.title}</h3>
      {connection?.edges.length ? (
        <ul className="blocked-list">
          {connection.edges.map(({ node }) => (
            <li key={node.user.id} className="blocked-list__item" data-testid="hidden-story-member">
              <Link className="blocked-list__member" to={`/users/${encodeURIComponent(node.user.id)}`}>
                <Avatar src={node.user.profileImage} />
                <span>{node.user.nickname}</span>
              </Link>
              <button type="button" className="button button--secondary" disabled={inFlight} onClick={() => void unhideMember(node.user.id)}>
                {h.unhide}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="profile__empty">{h.empty}</p>
      )}
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: connection?.edges.length ?? 0 }}
        count={STORY_FRIENDS_PAGE_SIZE}
        label={h.more}
        className="button button--secondary"
      />
    </>
  );
}
