import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { uiTexts } from '@domain/messages.js';
import { activeTabFor, type TabId } from './navigation/activeTab';
import { useSession } from './session';
import { useOpenLoginModal } from '../accounts/LoginModal';
import { BellIcon, HomeIcon, PlusIcon, SearchIcon, UserIcon } from '../ui/icons';

interface Tab {
  id: TabId;
  to: string;
  label: string;
  icon: ReactNode;
  needsLogin: boolean;
}

/** The five tabs of 000 §2, in order. */
const TABS: readonly Tab[] = [
  { id: 'home', to: '/community', label: uiTexts.tabs.home, icon: <HomeIcon />, needsLogin: false },
  { id: 'search', to: '/community/search', label: uiTexts.tabs.search, icon: <SearchIcon />, needsLogin: false },
  { id: 'write', to: '/community/write', label: uiTexts.tabs.write, icon: <PlusIcon />, needsLogin: true },
  { id: 'notification', to: '/community/notice', label: uiTexts.tabs.notification, icon: <BellIcon />, needsLogin: true },
  { id: 'profile', to: '/my', label: uiTexts.tabs.profile, icon: <UserIcon />, needsLogin: true },
];

export function BottomTabBar() {
  const { pathname } = useLocation();
  const activeTab = activeTabFor(pathname);
  const openLoginModal = useOpenLoginModal();
  const session = useSession();

  function handleClick(event: MouseEvent, tab: Tab) {
    // A guest stays on the current tab and is asked to log in instead.
    if (tab.needsLogin && session.isGuest) {
      event.preventDefault();
      openLoginModal({ returnTo: tab.to });
    }
  }

  return (
    <nav className="tab-bar" aria-label={uiTexts.appNavigation}>
      <ul className="tab-bar__list">
        {TABS.map((tab) => {
          const active = tab.id === activeTab;
          return (
            <li key={tab.id} className="tab-bar__item">
              <Link
                to={tab.to}
                className={`tab${tab.id === 'write' ? ' tab--emphasised' : ''}${active ? ' tab--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-tab={tab.id}
                onClick={(event) => handleClick(event, tab)}
              >
                <span className="tab__icon">{tab.icon}</span>
                <span className="tab__label">{tab.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
