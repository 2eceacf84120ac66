import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePlatform } from './platform';

/**
 * Links between pages go by destination name ("billing.subscribe"), which the shell resolves from
 * the remotes' declarations: a remote never writes another remote's URL, and a page that moves or
 * is not deployed does not leave broken links behind.
 */
export function useDestination(name: string): string | null {
  return usePlatform().resolveDestination(name);
}

/** Where an unknown destination goes: the overview, which says the page is not available. */
export const unavailablePath = (name: string) => `/dashboard?unavailable=${encodeURIComponent(name)}`;

/** Navigates to a destination; an unknown one leads to the overview's "not available" notice. */
export function useGoTo(): (name: string, search?: string) => void {
  const platform = usePlatform();
  const navigate = useNavigate();
  return (name, search = '') => {
    const path = platform.resolveDestination(name);
    if (path === null) console.warn(`[sniff] unknown destination "${name}"`);
    navigate(path === null ? unavailablePath(name) : path + search);
  };
}

interface DestinationLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
}

/** A link to a destination; when none is known its text stays, marked as not available. */
export function DestinationLink({ to, children, className }: DestinationLinkProps) {
  const path = useDestination(to);
  if (path === null) {
    return (
      <span className="sniff-destination-unavailable" data-destination={to}>
        {children} <small>(not available right now)</small>
      </span>
    );
  }
  return (
    <Link to={path} className={className}>
      {children}
    </Link>
  );
}
