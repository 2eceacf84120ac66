import { NavLink } from 'react-router-dom';
import { Button } from '@sniff/ui';
import { DASHBOARD_ROUTES } from '../app/routes';
import { Icon } from './icons';

/** The dashboard's pages; `onNavigate` closes the phone drawer when one is chosen. */
export function DashboardNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Dashboard">
      <ul>
        {DASHBOARD_ROUTES.filter((r) => r.inSidebar !== false).map((r) => (
          <li key={r.path}>
            <NavLink
              to={`/dashboard${r.path ? `/${r.path}` : ''}`}
              end={r.path === ''}
              title={r.label}
              onClick={onNavigate}
            >
              <Icon name={r.icon} />
              <span className={collapsed ? 'visually-hidden' : undefined}>{r.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Sidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <aside className={`sidebar${collapsed ? ' sidebar--collapsed' : ''}`}>
      <div className="sidebar-head">
        {!collapsed && <span className="sidebar-brand">Sniff</span>}
        <Button
          variant="icon"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={onToggle}
        >
          <Icon name="menu" />
        </Button>
      </div>
      <DashboardNav collapsed={collapsed} />
    </aside>
  );
}
