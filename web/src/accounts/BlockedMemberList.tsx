import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router-dom';
import { commitLocalUpdate } from 'relay-runtime';
import { accountTexts } from '@domain/messages.js';
import type { BlockedMemberList_user$key } from '../__generated__/BlockedMemberList_user.graphql';
import { useFollowMutations } from './useFollowMutations';
import { Avatar } from '../ui/Avatar';
import { useToast } from '../ui/toast/ToastProvider';
import { ProfileMoreButton } from './ProfileParts';

const s = accountTexts.settings;

/** The members the viewer blocked, a page at a time; unblocking takes the member off the list at once. */
export function BlockedMemberList({ user }: { user: BlockedMemberList_user$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(
    graphql`
      fragment BlockedMemberList_user on User
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" })
      @refetchable(queryName: "BlockedMemberListPaginationQuery") {
        blockedUsers(first: $count, after: $cursor) @connection(key: "BlockedMemberList_blockedUsers") {
          __id
          totalCount
          edges { node { reason blockedAt user { id nickname profileImage } } }
        }
      }
    `,
    user,
  );
  const { unblock, inFlight } = useFollowMutations();
  const environment = useRelayEnvironment();
  const toast = useToast();
  const connection = data.blockedUsers;
  if (!connection?.edges.length) return <p className="profile__empty">{s.noBlocked}</p>;

  async function unblockMember(userId: string) {
    try {
      await unblock(userId);
    } catch {
      // A refusal leaves the member on the list.
      return;
    }
    commitLocalUpdate(environment, (store) => {
      const record = store.get(connection!.__id);
      if (!record) return;
      const edges = record.getLinkedRecords('edges') ?? [];
      const kept = edges.filter((edge) => edge?.getLinkedRecord('node')?.getLinkedRecord('user')?.getDataID() !== userId);
      record.setLinkedRecords(kept, 'edges');
      const total = record.getValue('totalCount');
      if (typeof total === 'number') record.setValue(total - (edges.length - kept.length), 'totalCount');
    });
    toast.show(s.unblocked, 'success');
  }

  return (
    <>
      <ul className="blocked-list">
        {connection.edges.map(({ node }) => (
          <li key={node.user.id} className="blocked-list__item" data-testid="blocked-member">
            <Link className="blocked-list__member" to={`/users/${encodeURIComponent(node.user.id)}`}>
              <Avatar src={node.user.profileImage} />
              <span>{node.user.nickname}</span>
            </Link>
            {node.reason ? <span className="blocked-list__reason">{node.reason}</span> : null}
            <button
              type="button"
              className="button button--secondary"
              aria-label={s.unblockMember(node.user.nickname)}
              disabled={inFlight}
              onClick={() => void unblockMember(node.user.id)}
            >
              {accountTexts.profile.unblock}
            </button>
          </li>
        ))}
      </ul>
      <ProfileMoreButton hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadNext} shown={connection.edges.length} />
    </>
  );
}
