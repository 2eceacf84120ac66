import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { routeFor } from '../app/routes';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

const COLLAPSED_KEY = 'sniff.sidebar.collapsed';

/** Dashboard chrome: collapsible sidebar, top bar with the page title, theme toggle and user menu. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const toggle = () => {
    localStorage.setItem(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };
  return (
    <div className={`dashboard${collapsed ? ' dashboard--collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="dashboard-main">
        <header className="topbar">
          <div>
            <p className="topbar-welcome">Welcome back</p>
            <h1 className="topbar-title">{routeFor(pathname).title}</h1>
          </div>
          <div className="topbar-actions">
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <main className="dashboard-content">{children}</main>
      </div>
    </div>
  );
}
