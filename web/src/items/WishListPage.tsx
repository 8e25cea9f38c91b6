import { useState } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { WISH_STATUSES, type WishStatus as DomainWishStatus } from '@domain/limits.js';
import { errorMessages, itemTexts, uiTexts } from '@domain/messages.js';
import type { WishList_user$key } from '../__generated__/WishList_user.graphql';
import type { WishListPageQuery, WishType } from '../__generated__/WishListPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useRemoveWishesMutation } from './useRemoveWishesMutation';
import { useSetWishStatusMutation } from './useSetWishStatusMutation';
import { LoginRequired, StateScreen } from '../ui/StateScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { RouteScreen } from '../app/RouteScreen';
import { useOpenLoginModal } from '../accounts/LoginModal';
import { useRouteQuery } from '../app/routing/navigation';

type WishStatus = Uppercase<DomainWishStatus>;

/** /my/wishes?type=buy|sell: the viewer's needed (buy) and sell lists (001 §3-§5). */
export default function WishListPage() {
  const type = useRouteQuery<WishListPageQuery>()?.variables.type === 'SELL' ? 'sell' : 'buy';
  return (
    <RouteScreen<WishListPageQuery>
      header={
        <>
          <PageHeader title={itemTexts.myWishes} back />
          <WishTabs type={type} />
        </>
      }
    >
      {(queryRef) => <WishListContent queryRef={queryRef} />}
    </RouteScreen>
  );
}

/** The buy and sell lists' tabs; the address keeps which one shows. */
function WishTabs({ type }: { type: 'buy' | 'sell' }) {
  return (
    <nav className="wish-tabs" aria-label={itemTexts.myWishes}>
      {(['buy', 'sell'] as const).map((key) => (
        <Link
          key={key}
          to={`?type=${key}`}
          replace
          className={`wish-tabs__tab${type === key ? ' wish-tabs__tab--active' : ''}`}
          aria-current={type === key ? 'page' : undefined}
        >
          {itemTexts.wishTabs[key]}
        </Link>
      ))}
    </nav>
  );
}

function WishListContent({ queryRef }: { queryRef: PreloadedQuery<WishListPageQuery> }) {
  const { viewer } = usePreloadedQuery<WishListPageQuery>(
    graphql`
      query WishListPageQuery($type: WishType!) @preloadable {
        viewer {
          id
          ...WishList_user @arguments(type: $type)
        }
      }
    `,
    queryRef,
  );
  const openLogin = useOpenLoginModal();
  if (!viewer) {
    return <LoginRequired onLogin={openLogin} />;
  }
  return <WishList user={viewer} />;
}

function WishList({ user }: { user: WishList_user$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment WishList_user on User
      @refetchable(queryName: "WishListPaginationQuery")
      @argumentDefinitions(type: { type: "WishType!" }, count: { type: "Int", defaultValue: 50 }, cursor: { type: "String" }) {
        wishes(type: $type, first: $count, after: $cursor) @connection(key: "WishList_wishes", filters: ["type"]) {
          __id
          edges {
            node {
              id
              wishType
              status
              quantity
              memo
              item {
                name
                image
                rating
              }
            }
          }
        }
      }
    `,
    user,
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removeWishes, removing] = useRemoveWishesMutation();
  const [setStatus] = useSetWishStatusMutation();
  const toast = useToast();

  const connection = data.wishes;
  if (!connection) return null;
  const wishes = connection.edges.map((edge) => edge.node);
  if (wishes.length === 0) return <StateScreen title={itemTexts.emptyWishes} />;
  const wishType = wishes[0].wishType as WishType;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const deleteSelected = async () => {
    const ids = wishes.filter((wish) => selected.has(wish.id)).map((wish) => wish.id);
    if (!ids.length) return;
    try {
      await removeWishes(ids, wishType, [connection.__id]);
      setSelected(new Set());
      toast.show(itemTexts.deletedSelected, 'success');
    } catch (error) {
      toast.show(error instanceof Error && error.message ? error.message : itemTexts.deleteFailed, 'error');
    }
  };

  const changeStatus = (id: string, status: WishStatus) => {
    setStatus(id, wishType, status).catch((error: unknown) =>
      toast.show(error instanceof Error && error.message ? error.message : errorMessages.UNKNOWN, 'error'),
    );
  };

  return (
    <section className="wish-list">
      <div className="wish-list__toolbar">
        <button type="button" className="button button--secondary" disabled={selected.size === 0 || removing} onClick={() => void deleteSelected()}>
          {itemTexts.deleteSelected}
        </button>
      </div>
      <ul className="wish-list__items">
        {wishes.map((wish) => (
          <li key={wish.id} className={`wish wish--${wish.status.toLowerCase()}`} data-testid="wish">
            <input type="checkbox" checked={selected.has(wish.id)} aria-label={itemTexts.selectWish(wish.item.name)} onChange={() => toggle(wish.id)} />
            {wish.item.image ? <img className="wish__image" src={wish.item.image} alt="" loading="lazy" /> : <span className="wish__image" />}
            <div className="wish__text">
              <span className="wish__name">{wish.item.name}</span>
              <span className="wish__meta">
                {wish.item.rating ? `${itemTexts.grade(wish.item.rating)} · ` : ''}
                {itemTexts.quantityLabel(wish.quantity)}
              </span>
              {wish.memo ? <span className="wish__memo">{wish.memo}</span> : null}
            </div>
            <select
              className="wish__status"
              aria-label={itemTexts.statuses[wish.status.toLowerCase() as DomainWishStatus]}
              value={wish.status}
              onChange={(event) => changeStatus(wish.id, event.target.value as WishStatus)}
            >
              {WISH_STATUSES.map((status) => (
                <option key={status} value={status.toUpperCase()}>
                  {itemTexts.statuses[status]}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {hasNext ? (
        <button type="button" className="button button--secondary wish-list__more" disabled={isLoadingNext} onClick={() => loadNext(50)}>
          {isLoadingNext ? uiTexts.loadingMore : itemTexts.loadMore}
        </button>
      ) : null}
    </section>
  );
}
