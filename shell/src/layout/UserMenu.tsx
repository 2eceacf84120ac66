import { useEffect, useRef, useState } from 'react';
import { usePlatform } from '@sniff/shell-sdk';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/** Initials avatar opening a menu with the owner's name, e-mail and Sign out. */
export function UserMenu() {
  const platform = usePlatform();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const user = platform.user;

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!user) return null;
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="avatar"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {initials(user.name)}
      </button>
      {open && (
        <div className="user-menu-popup" role="menu" aria-label="Account">
          <div className="user-menu-who">
            <strong>{user.name}</strong>
            <span>{user.email}</span>
          </div>
          <button ref={first} type="button" role="menuitem" onClick={() => platform.signOut()}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
