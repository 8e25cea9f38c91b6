import { Component, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { graphql, useFragment, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { itemTexts, uiTexts } from '@domain/messages.js';
import type { ItemInfoModalQuery as ItemInfoModalQueryType } from '../__generated__/ItemInfoModalQuery.graphql';
import type { ItemInfoModal_wisher$key } from '../__generated__/ItemInfoModal_wisher.graphql';
import { CloseIcon } from '../ui/icons';
import { useOpenLoginModal } from '../accounts/LoginModal';
import { useAddWishMutation } from './useAddWishMutation';
import { useRemoveWishMutation } from './useRemoveWishMutation';
import { useReportItemMutation } from './useReportItemMutation';
import { ReportModal } from '../community/ReportModal';
import { isGuest } from '../app/session';
import { Avatar } from '../ui/Avatar';
import { useToast } from '../ui/toast/ToastProvider';
import { ItemPicture } from './ItemPicture';
import { MutationFailure, failureMessage } from '../app/relay/mutationFailure';
import { useModalFocus } from '../ui/useModalFocus';
import { useModalHistory } from '../ui/modalHistory';
import { useModalSound } from '../ui/modalSound';
import { badgeTitleStyle } from '../ui/badgeColours';
import { onTabListKeyDown, tabIndexOf } from '../ui/tabKeys';

type Tab = 'info' | 'sellers' | 'buyers';
const TABS: Tab[] = ['info', 'sellers', 'buyers'];
type WishList = 'BUY' | 'SELL';
/** The viewer's entry of the item on each list, by its id; null when the item is not on it (or not known yet). */
type Listed = Record<WishList, string | null>;

const itemInfoModalQuery = graphql`
  query ItemInfoModalQuery($id: ID!) {
    item(id: $id) {
      __typename
      ... on Item {
        id
        name
        rating
        description
        type
        ratingScore
        price
        ...ItemPicture_item @alias
        # The viewer's own entries (null for guests): the footer's buttons say whether the item is on each list.
        buyWish: viewerWish(type: BUY) {
          id
        }
        sellWish: viewerWish(type: SELL) {
          id
        }
        sellers(first: 20) @required(action: THROW) {
          totalCount
          edges {
            node {
              id
              isViewer
              ...ItemInfoModal_wisher
            }
          }
        }
        buyers(first: 20) @required(action: THROW) {
          totalCount
          edges {
            node {
              id
              isViewer
              ...ItemInfoModal_wisher
            }
          }
        }
      }
      ... on NotFoundError {
        message
      }
    }
  }
`;

interface ItemInfoModalProps {
  itemId: string;
  onClose: () => void;
}

/**
 * The item-info modal of 000 §2: width 500, body at most 80vh, tabs 아이템 정보 / 판매자 / 구매자, and the
 * footer that puts the item on the needed or sell list. One query loads the item, both lists and the viewer's own
 * entries. A list's button says when the item is on it (…에 있음) and then takes it off, as the REST API's manage
 * call does (001 §7): an item is on a list at most once, and may be on both.
 */
export function ItemInfoModal({ itemId, onClose }: ItemInfoModalProps) {
  const [queryRef, loadQuery] = useQueryLoader<ItemInfoModalQueryType>(itemInfoModalQuery);
  const [tab, setTab] = useState<Tab>('info');
  const [reporting, setReporting] = useState(false);
  const titleId = useId();
  const toast = useToast();
  const openLogin = useOpenLoginModal();
  const [addWish, adding] = useAddWishMutation();
  const [removeWish, removing] = useRemoveWishMutation();
  // The viewer's entries of the item, as the content reads them from the store (kept there by both mutations).
  const [listed, setListed] = useState<Listed>({ BUY: null, SELL: null });
  const reportItem = useReportItemMutation();
  const modalRef = useRef<HTMLDivElement>(null);
  useModalFocus(modalRef, !reporting);
  useModalSound(true);
  useModalHistory(true, onClose);

  useEffect(() => {
    loadQuery({ id: itemId }, { fetchPolicy: 'store-and-network' });
  }, [itemId, loadQuery]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !reporting) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, reporting]);

  // The viewer is one of the item's buyers or sellers now, or no longer: the tabs show the lists as they are now.
  const refresh = () => loadQuery({ id: itemId }, { fetchPolicy: 'store-and-network' });

  const remove = async (wishType: WishList, wishId: string) => {
    try {
      await removeWish(wishId, wishType, [], itemId);
      toast.show(wishType === 'BUY' ? itemTexts.removedFromBuyList : itemTexts.removedFromSellList, 'success');
      refresh();
    } catch (error) {
      toast.show(failureMessage(error, itemTexts.deleteFailed), 'error');
    }
  };

  const toggle = async (wishType: WishList) => {
    if (isGuest()) {
      openLogin();
      return;
    }
    const wishId = listed[wishType];
    if (wishId) return remove(wishType, wishId);
    try {
      const { wish } = await addWish(itemId, wishType);
      // The item was on the list already, set aside (비활성) or done (완료): it is answered as it is, not added.
      if (wish && wish.status !== 'ACTIVE') {
        const list = itemTexts.wishListNames[wishType === 'BUY' ? 'buy' : 'sell'];
        toast.show(itemTexts.alreadyListedAs(list, itemTexts.statuses[wish.status === 'COMPLETED' ? 'completed' : 'inactive']), 'info');
        return;
      }
      toast.show(wishType === 'BUY' ? itemTexts.addedToBuyList : itemTexts.addedToSellList, 'success');
      refresh();
    } catch (error) {
      // A refusal the gateway explains keeps its text; a request that failed shows the list's own failure text.
      const failed = wishType === 'BUY' ? itemTexts.addBuyFailed : itemTexts.addSellFailed;
      toast.show(error instanceof MutationFailure && error.code !== undefined ? error.message : failed, 'error');
    }
  };

  const openReport = () => {
    if (isGuest()) openLogin();
    else setReporting(true);
  };

  return (
    // Not a top-layer <dialog>: the global toasts must stay visible above it.
    <div className="item-modal__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={modalRef} className="item-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="item-modal__header">
          <h2 id={titleId} className="item-modal__title">
            {itemTexts.modalTitle}
          </h2>
          <button type="button" className="icon-button" aria-label={uiTexts.close} onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="item-modal__tabs" role="tablist" onKeyDown={onTabListKeyDown}>
          {TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              tabIndex={tabIndexOf(tab === key)}
              className={`item-modal__tab${tab === key ? ' item-modal__tab--active' : ''}`}
              onClick={() => setTab(key)}
            >
              {itemTexts.tabs[key]}
            </button>
          ))}
        </div>
        <div className="item-modal__body" role="tabpanel">
          <LoadFailure key={String(queryRef?.variables.id)} tab={tab}>
            <Suspense fallback={<p className="item-modal__state">{tab === 'info' ? uiTexts.loading : itemTexts.listLoading}</p>}>
              {queryRef ? <ItemInfoContent queryRef={queryRef} tab={tab} onReport={openReport} onListed={setListed} /> : null}
            </Suspense>
          </LoadFailure>
        </div>
        <footer className="item-modal__footer">
          {(['BUY', 'SELL'] as const).map((wishType) => (
            <button
              key={wishType}
              type="button"
              className={`button ${listed[wishType] ? 'button--secondary item-modal__listed' : 'button--primary'}`}
              disabled={adding || removing}
              onClick={() => void toggle(wishType)}
            >
              {wishType === 'BUY' ? (listed.BUY ? itemTexts.inBuyList : itemTexts.addToBuyList) : listed.SELL ? itemTexts.inSellList : itemTexts.addToSellList}
            </button>
          ))}
          <button type="button" className="button button--secondary" onClick={onClose}>
            {uiTexts.close}
          </button>
        </footer>
      </div>
      <ReportModal
        open={reporting}
        onClose={() => setReporting(false)}
        onSubmit={(input) => reportItem(itemId, input, { submitItem: itemId, contextId: 'item-info-modal' })}
      />
    </div>
  );
}

function ItemInfoContent({
  queryRef,
  tab,
  onReport,
  onListed,
}: {
  queryRef: PreloadedQuery<ItemInfoModalQueryType>;
  tab: Tab;
  onReport: () => void;
  onListed: (listed: Listed) => void;
}) {
  const { item } = usePreloadedQuery<ItemInfoModalQueryType>(itemInfoModalQuery, queryRef);
  const buying = (item?.__typename === 'Item' && item.buyWish?.id) || null;
  const selling = (item?.__typename === 'Item' && item.sellWish?.id) || null;
  useEffect(() => onListed({ BUY: buying, SELL: selling }), [buying, selling, onListed]);
  if (!item || item.__typename !== 'Item')
    return <p className="item-modal__state">{item?.__typename === 'NotFoundError' ? item.message : itemTexts.itemNotFound}</p>;

  if (tab === 'sellers' || tab === 'buyers') {
    const list = tab === 'sellers' ? item.sellers : item.buyers;
    if (list.edges.length === 0) return <p className="item-modal__state">{tab === 'sellers' ? itemTexts.noSellers : itemTexts.noBuyers}</p>;
    return (
      <ul className="wisher-list">
        {list.edges.map((edge) => (
          <Wisher key={edge.node.id} wisher={edge.node} />
        ))}
      </ul>
    );
  }

  const rows: [string, string][] = [];
  rows.push([itemTexts.rows.name, item.name || itemTexts.unknownName]);
  if (item.rating) rows.push([itemTexts.rows.rating, itemTexts.grade(item.rating)]);
  if (item.description) rows.push([itemTexts.rows.description, item.description]);
  const typeLabel = itemTexts.types[item.type.toLowerCase() as keyof typeof itemTexts.types];
  if (typeLabel) rows.push([itemTexts.rows.type, typeLabel]);
  if (item.ratingScore > 0) rows.push([itemTexts.rows.score, itemTexts.score(item.ratingScore)]);
  if (item.price > 0) rows.push([itemTexts.rows.price, itemTexts.gems(item.price)]);

  return (
    <div className="item-info">
      {item.ItemPicture_item ? <ItemPicture item={item.ItemPicture_item} /> : null}
      <dl className="item-info__rows">
        {rows.map(([label, value]) => (
          <div key={label} className="item-info__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="item-info__report" onClick={onReport}>
        {itemTexts.report}
      </button>
    </div>
  );
}

function Wisher({ wisher }: { wisher: ItemInfoModal_wisher$key }) {
  const toast = useToast();
  const data = useFragment(
    graphql`
      fragment ItemInfoModal_wisher on ItemWisher {
        isViewer
        user {
          nickname
          profileImage
          representBadge {
            title
            hexCode
          }
        }
      }
    `,
    wisher,
  );
  const badge = data.user.representBadge;
  return (
    <li className="wisher">
      <Avatar src={data.user.profileImage} />
      <div className="wisher__text">
        {badge ? (
          <span className="wisher__badge" style={badgeTitleStyle(badge.hexCode)}>
            {badge.title}
          </span>
        ) : null}
        <span className="wisher__name">{data.user.nickname}</span>
      </div>
      {data.isViewer ? (
        <span className="wisher__me">{itemTexts.me}</span>
      ) : (
        <button type="button" className="button button--secondary wisher__chat" onClick={() => toast.show(itemTexts.chatUnavailable, 'info')}>
          {itemTexts.chat}
        </button>
      )}
    </li>
  );
}

/** Any failure loading the modal's query shows the list failure text (000 §2) instead of the whole screen's fallback. */
class LoadFailure extends Component<{ children: ReactNode; tab: Tab }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (this.state.failed) return <p className="item-modal__state item-modal__state--error">{itemTexts.listFailed}</p>;
    return this.props.children;
  }
}
