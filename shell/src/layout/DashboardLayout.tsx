import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '@sniff/shell-sdk';
import { useUserInfoQuery } from '@sniff/shell-sdk/shared-data';
import { Alert, Button, Dialog } from '@sniff/ui';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { useNavigation } from '../navigation/NavigationProvider';
import { pageFor } from '../navigation/navigation';
import { Icon } from './icons';
import { DashboardNav, Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

const COLLAPSED_KEY = 'sniff.sidebar.collapsed';

/**
 * Until the owner's plans are known no page shows: a failed lookup says so (with a retry) rather
 * than showing a paying owner the free plan's limits.
 */
function PlanGate({ children }: { children: ReactNode }) {
  const info = useUserInfoQuery();
  if (!info.isError) return children;
  return (
    <Alert kind="error">
      <p>Error fetching user plan: {errorMessage(info.error).replace(/\.$/, '')}. Please try again.</p>
      <Button variant="secondary" disabled={info.isFetching} onClick={() => void info.refetch()}>
        Try again
      </Button>
    </Alert>
  );
}

/**
 * Dashboard chrome: collapsible sidebar, top bar with the page title, theme toggle and user menu.
 * On a phone the sidebar gives way to a menu button that opens the pages in a drawer (a modal
 * dialog: focus moves in and stays, Escape or a chosen page closes it).
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { navigation } = useNavigation();
  const title = (navigation && pageFor(navigation, pathname)?.title) ?? 'Dashboard';
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawer, setDrawer] = useState(false);
  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  const closeDrawer = () => setDrawer(false);
  return (
    <div className={`dashboard${collapsed ? ' dashboard--collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="dashboard-main">
        <header className="topbar">
          <Button
            variant="icon"
            className="topbar-menu"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
          >
            <Icon name="menu" />
          </Button>
          <div className="topbar-heading">
            <p className="topbar-welcome">Welcome back</p>
            <h1 className="topbar-title">{title}</h1>
          </div>
          <div className="topbar-actions">
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <main className="dashboard-content">
          <PlanGate>{children}</PlanGate>
        </main>
      </div>
      <FeedbackButton />
      {drawer && (
        <Dialog
          title="Menu"
          className="sniff-ui-dialog--drawer dashboard-drawer"
          onClose={closeDrawer}
          actions={
            <Button variant="secondary" onClick={closeDrawer}>
              Close menu
            </Button>
          }
        >
          <DashboardNav onNavigate={closeDrawer} />
        </Dialog>
      )}
    </div>
  );
}
