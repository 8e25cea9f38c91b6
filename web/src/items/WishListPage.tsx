import { startTransition, useId, useState } from 'react';
import { graphql, useFragment, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link } from 'react-router-dom';
import { WISH_PAGE_SIZE_DEFAULT, WISH_STATUSES, WISH_TYPES, type WishStatus as DomainWishStatus } from '@domain/limits.js';
import { errorMessages, itemTexts, uiTexts } from '@domain/messages.js';
import type { WishList_user$key } from '../__generated__/WishList_user.graphql';
import type { WishListItem_wish$key } from '../__generated__/WishListItem_wish.graphql';
import type { WishListPageQuery, WishType } from '../__generated__/WishListPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { ModalActions, ModalDialog } from '../ui/FormParts';
import { useRemoveWishMutation } from './useRemoveWishMutation';
import { useRemoveWishesMutation } from './useRemoveWishesMutation';
import { useSetWishStatusMutation } from './useSetWishStatusMutation';
import { WishEditDialog } from './WishEditDialog';
import { WishStats } from './WishStats';
import { StateScreen } from '../ui/StateScreen';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';
import { useToast } from '../ui/toast/ToastProvider';
import { RouteScreen } from '../app/RouteScreen';
import { useRouteQuery } from '../app/routing/navigation';
import { failureMessage } from '../app/relay/mutationFailure';

type WishStatus = Uppercase<DomainWishStatus>;

/** /my/wishes?type=buy|sell: the viewer's two lists (001 §3-§5), their counts, and each entry's edit and delete. */
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
      {WISH_TYPES.map((key) => (
        <Link
          key={key}
          to={`?type=${key}`}
          replace
          className={`wish-tabs__tab${type === key ? ' wish-tabs__tab--active' : ''}`}
          aria-current={type === key ? 'page' : undefined}
        >
          {itemTexts.wishListNames[key]}
        </Link>
      ))}
    </nav>
  );
}

function WishListContent({ queryRef }: { queryRef: PreloadedQuery<WishListPageQuery> }) {
  const { viewer } = usePreloadedQuery<WishListPageQuery>(
    graphql`
      query WishListPageQuery($type: WishType!, $count: Int!) @preloadable {
        viewer {
          id
          ...WishStats_user
          ...WishList_user @arguments(type: $type, count: $count)
        }
      }
    `,
    queryRef,
  );
  if (!viewer) {
    return <LoginRequiredScreen />;
  }
  return (
    <>
      <WishStats user={viewer} />
      <WishList user={viewer} wishType={queryRef.variables.type} />
    </>
  );
}

function WishList({ user, wishType }: { user: WishList_user$key; wishType: WishType }) {
  const { data, hasNext, loadNext, isLoadingNext, refetch } = usePaginationFragment(
    graphql`
      fragment WishList_user on User
      @refetchable(queryName: "WishListPaginationQuery")
      @argumentDefinitions(type: { type: "WishType!" }, count: { type: "Int!" }, cursor: { type: "String" }) {
        wishes(type: $type, first: $count, after: $cursor) @connection(key: "WishList_wishes", filters: ["type"]) {
          __id
          edges {
            node {
              id
              item {
                name
              }
              ...WishListItem_wish
              ...WishEditDialog_wish
            }
          }
        }
      }
    `,
    user,
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirmingSelected, setConfirmingSelected] = useState(false);
  const [removeWishes, removingSelected] = useRemoveWishesMutation();
  const [removeWish, removingOne] = useRemoveWishMutation();
  const toast = useToast();

  const connection = data.wishes;
  if (!connection) return null;
  const wishes = connection.edges.map((edge) => edge.node);
  const editedWish = wishes.find((wish) => wish.id === editing);
  const deletedWish = wishes.find((wish) => wish.id === deleting);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /**
   * The connection's cursors are offsets: after a delete the pages still to load start earlier, so the loaded
   * window is read again (as many as are left) before the next 더 보기.
   */
  const realign = (removed: number) => {
    if (!hasNext) return;
    const count = Math.max(wishes.length - removed, 1);
    startTransition(() => {
      refetch({ type: wishType, count, cursor: null }, { fetchPolicy: 'network-only' });
    });
  };

  const selectedIds = wishes.filter((wish) => selected.has(wish.id)).map((wish) => wish.id);
  const deleteSelected = async () => {
    const ids = selectedIds;
    if (!ids.length) return;
    try {
      await removeWishes(ids, wishType, [connection.__id]);
      setConfirmingSelected(false);
      setSelected(new Set());
      toast.show(itemTexts.deletedSelected, 'success');
      realign(ids.length);
    } catch (error) {
      setConfirmingSelected(false);
      toast.show(failureMessage(error, itemTexts.deleteFailed), 'error');
    }
  };

  const deleteOne = async () => {
    const id = deleting;
    if (!id) return;
    try {
      await removeWish(id, wishType, [connection.__id]);
      setDeleting(null);
      setSelected((current) => new Set([...current].filter((selectedId) => selectedId !== id)));
      toast.show(wishType === 'BUY' ? itemTexts.removedFromBuyList : itemTexts.removedFromSellList, 'success');
      realign(1);
    } catch (error) {
      setDeleting(null);
      toast.show(failureMessage(error, itemTexts.deleteFailed), 'error');
    }
  };

  return (
    <section className="wish-list">
      {wishes.length === 0 ? (
        <StateScreen title={itemTexts.emptyWishes} />
      ) : (
        <>
          <div className="wish-list__toolbar">
            <button
              type="button"
              className="button button--secondary"
              disabled={selectedIds.length === 0 || removingSelected}
              onClick={() => setConfirmingSelected(true)}
            >
              {itemTexts.deleteSelected}
            </button>
          </div>
          <ul className="wish-list__items">
            {wishes.map((wish) => (
              <WishListItem
                key={wish.id}
                wish={wish}
                wishType={wishType}
                selected={selected.has(wish.id)}
                onSelect={() => toggle(wish.id)}
                onEdit={() => setEditing(wish.id)}
                onDelete={() => setDeleting(wish.id)}
              />
            ))}
          </ul>
        </>
      )}
      <LoadMoreButton
        page={{ hasNext, isLoadingNext, loadNext, shown: wishes.length }}
        count={WISH_PAGE_SIZE_DEFAULT}
        label={itemTexts.loadMore}
        className="button button--secondary wish-list__more"
      />
      {editedWish ? <WishEditDialog key={editedWish.id} wish={editedWish} onClose={() => setEditing(null)} /> : null}
      <DeleteWishDialog
        question={deletedWish ? itemTexts.wishEdit.removeConfirm(deletedWish.item.name) : null}
        busy={removingOne}
        onConfirm={() => void deleteOne()}
        onCancel={() => setDeleting(null)}
      />
      <DeleteWishDialog
        question={confirmingSelected ? itemTexts.deleteSelectedConfirm(selectedIds.length) : null}
        busy={removingSelected}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirmingSelected(false)}
      />
    </section>
  );
}

/** Asks before entries are deleted, one or the selected ones (the app's alert dialog, not the browser's confirm). */
function DeleteWishDialog({ question, busy, onConfirm, onCancel }: { question: string | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const messageId = useId();
  return (
    <ModalDialog open={question !== null} onClose={onCancel} className="modal confirm-dialog" role="alertdialog" labelledBy={messageId}>
      <div className="modal__body">
        <p id={messageId} className="modal__title">
          {question}
        </p>
        <ModalActions cancel={uiTexts.cancel} onCancel={onCancel} action={itemTexts.wishEdit.remove} onAction={onConfirm} disabled={busy} />
      </div>
    </ModalDialog>
  );
}

interface WishListItemProps {
  wish: WishListItem_wish$key;
  wishType: WishType;
  selected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One entry: its item, quantity, target price and memo, its status, and its edit and delete buttons. */
function WishListItem({ wish: wishKey, wishType, selected, onSelect, onEdit, onDelete }: WishListItemProps) {
  const wish = useFragment(
    graphql`
      fragment WishListItem_wish on Wish {
        id
        status
        quantity
        memo
        targetPrice
        isNotificationEnabled
        item {
          name
          image
          rating
        }
      }
    `,
    wishKey,
  );
  const [setStatus] = useSetWishStatusMutation();
  const toast = useToast();
  const name = wish.item.name;

  const changeStatus = (status: WishStatus) => {
    setStatus(wish.id, wishType, status).catch((error: unknown) => toast.show(failureMessage(error, errorMessages.UNKNOWN), 'error'));
  };

  return (
    <li className={`wish wish--${wish.status.toLowerCase()}`} data-testid="wish">
      {/* The label names the item and is the box's thumb-sized target. */}
      <label className="wish__select">
        <input type="checkbox" checked={selected} onChange={onSelect} />
        <span className="visually-hidden">{itemTexts.selectWish(name)}</span>
      </label>
      {wish.item.image ? <img className="wish__image" src={wish.item.image} alt="" loading="lazy" /> : <span className="wish__image" />}
      <div className="wish__text">
        <span className="wish__name">{name}</span>
        <span className="wish__meta">
          {wish.item.rating ? `${itemTexts.grade(wish.item.rating)} · ` : ''}
          {itemTexts.quantityLabel(wish.quantity)}
          {wish.targetPrice != null ? ` · ${itemTexts.targetPriceLabel(wish.targetPrice)}` : ''}
        </span>
        {wish.memo ? <span className="wish__memo">{wish.memo}</span> : null}
        <div className="wish__actions">
          <select
            className="wish__status"
            aria-label={itemTexts.wishStatusOf(name)}
            value={wish.status}
            onChange={(event) => changeStatus(event.target.value as WishStatus)}
          >
            {WISH_STATUSES.map((status) => (
              <option key={status} value={status.toUpperCase()}>
                {itemTexts.statuses[status]}
              </option>
            ))}
          </select>
          <button type="button" className="link-button" aria-label={itemTexts.editWish(name)} onClick={onEdit}>
            {itemTexts.wishEdit.edit}
          </button>
          <button type="button" className="link-button" aria-label={itemTexts.removeWish(name)} onClick={onDelete}>
            {itemTexts.wishEdit.remove}
          </button>
        </div>
      </div>
    </li>
  );
}
