import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { storyTexts } from '@domain/messages.js';
import { Avatar } from '../ui/Avatar';
import { formatRelativeTime } from '../ui/formatRelativeTime';
import { useMemberAction } from '../accounts/useMemberAction';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { showStoryToast } from './storyToaster';
import { useDeleteStoryMutation, useHideUserStoriesMutation, useUnhideUserStoriesMutation } from './useStoryMutations';

const v = storyTexts.viewer;

interface StoryViewerHeaderProps {
  user: { readonly id: string; readonly nickname: string | undefined; readonly profileImage: string | null | undefined };
  story: { readonly id: string; readonly isMine: boolean; readonly createdAt: string; readonly privacy: string };
  onReport: () => void;
  onHighlight: () => void;
  /** The menu is open: the story waits meanwhile. */
  onMenu: (open: boolean) => void;
  /** The story on screen was deleted (the player goes on to the next one, or closes when it was the only one). */
  onDeleted: () => void;
  close: () => void;
}

/**
 * The viewer's header on one line: the member's picture, nickname (cut with an ellipsis) and how long ago the
 * story was posted, then one button opening the actions (someone else's stories are hidden or reported, one's
 * own kept in a highlight or deleted; both lead to the member's highlights), and the ×.
 */
export function StoryViewerHeader({ user, story, onReport, onHighlight, onMenu, onDeleted, close }: StoryViewerHeaderProps) {
  const hide = useHideUserStoriesMutation();
  const [unhide] = useUnhideUserStoriesMutation();
  const [deleteStory, deleting] = useDeleteStoryMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const failed = (error: Error) => showStoryToast(error.message, 'error');
  // A guest hiding or reporting gets the login sheet first, as on a post, not a refusal after the report is written.
  const asMember = useMemberAction();

  // The hidden member's stories stop: the viewer closes (this viewer plays one member), the undo toast stays.
  const hideMember = () =>
    hide(user.id).then(() => {
      showStoryToast(v.hidden, 'success', {
        label: v.undoHide,
        run: () => void unhide(user.id).then(() => showStoryToast(v.unhidden), failed),
      });
      close();
    }, failed);

  return (
    <header className="story-viewer__header">
      <Avatar src={user.profileImage} />
      <span className="story-viewer__who">
        <span className="story-viewer__name" data-testid="story-viewer-name">
          {user.nickname}
        </span>
        <time className="story-viewer__time" dateTime={story.createdAt}>
          {formatRelativeTime(story.createdAt)}
        </time>
        {story.privacy === 'CLOSE_FRIENDS' ? <span className="story-viewer__close-friends">{storyTexts.closeFriends.title}</span> : null}
      </span>
      <ActionsMenu onOpenChange={onMenu}>
        {(done) => (
          <>
            {!story.isMine ? (
              <>
                <MenuButton onPick={done(() => asMember(() => void hideMember()))}>{v.hide}</MenuButton>
                <MenuButton onPick={done(() => asMember(onReport))}>{v.report}</MenuButton>
              </>
            ) : (
              <>
                <MenuButton onPick={done(onHighlight)}>{v.addToHighlight}</MenuButton>
                <MenuButton onPick={done(() => setConfirmingDelete(true))}>{v.delete}</MenuButton>
              </>
            )}
            <Link role="menuitem" className="story-menu__item" to={`/stories/highlights/${encodeURIComponent(user.id)}`} tabIndex={-1}>
              {storyTexts.highlights.title}
            </Link>
          </>
        )}
      </ActionsMenu>
      <CloseButton close={close} />
      {/* Asked first, as a post's delete is: the story and its views, reactions and stats go with it. */}
      {confirmingDelete ? (
        <ConfirmDialog
          kind="delete"
          open
          busy={deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            void deleteStory(story.id).then(() => {
              showStoryToast(v.deleted);
              setConfirmingDelete(false);
              onDeleted();
            }, failed)
          }
        />
      ) : null}
    </header>
  );
}

function MenuButton({ onPick, children }: { onPick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className="story-menu__item" tabIndex={-1} onClick={onPick}>
      {children}
    </button>
  );
}

/**
 * A button opening a small menu (the menu button pattern): the first item takes focus, arrow keys move
 * between items, Escape or Tab closes it and focus returns to the button; a press outside closes it too.
 */
function ActionsMenu({ onOpenChange, children }: { onOpenChange: (open: boolean) => void; children: (done: (pick: () => void) => () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
  const toggle = (next: boolean, refocus = true) => {
    setOpen(next);
    onOpenChange(next);
    if (!next && refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) toggle(false, false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      // The viewer closes on Escape too: here it closes only the menu.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      toggle(false);
    } else if (event.key === 'Tab') {
      toggle(false, false);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      list[event.key === 'Home' ? 0 : list.length - 1]?.focus();
    }
  };

  return (
    <div className="story-menu">
      <button
        ref={buttonRef}
        type="button"
        className="story-menu__button"
        aria-label={v.more}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => toggle(!open)}
      >
        ⋯
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={v.more} className="story-menu__list" onKeyDown={onKeyDown}>
          {children((pick) => () => {
            // Focus goes back to the button first, so a dialog the item opens returns it there.
            toggle(false);
            pick();
          })}
        </div>
      ) : null}
    </div>
  );
}

/** The × that leaves the viewer for the feed. */
export function CloseButton({ close }: { close: () => void }) {
  return (
    <button type="button" className="story-viewer__close" aria-label={v.close} onClick={close}>
      ×
    </button>
  );
}
