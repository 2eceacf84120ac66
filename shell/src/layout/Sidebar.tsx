import { NavLink } from 'react-router-dom';
import { usePlans } from '@sniff/shell-sdk';
import { isFreeUser } from '@sniff/contracts';
import { Button } from '@sniff/ui';
import { useNavigation } from '../navigation/NavigationProvider';
import { dashboardPath, visibleFor } from '../navigation/navigation';
import { Icon } from './icons';

/** The dashboard's pages, as the declarations list them; `onNavigate` closes the phone drawer when one is chosen. */
export function DashboardNav({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { navigation } = useNavigation();
  const plans = usePlans();
  const links = visibleFor(navigation?.sidebar ?? [], plans ? { free: isFreeUser(plans) } : null);
  return (
    <nav aria-label="Dashboard">
      <ul>
        {links.map((l) => (
          <li key={l.path}>
            <NavLink to={dashboardPath(l.path)} end={l.path === ''} title={l.label} onClick={onNavigate}>
              <Icon name={l.icon} />
              <span className={collapsed ? 'visually-hidden' : undefined}>{l.label}</span>
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
