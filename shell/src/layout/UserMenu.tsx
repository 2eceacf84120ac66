import { useEffect, useRef, useState } from 'react';
import { useGoTo, usePlatform } from '@sniff/shell-sdk';
import { Button } from '@sniff/ui';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}

/**
 * Initials avatar opening a menu with the owner's name, e-mail, Account (export, delete) and Sign
 * out. A WAI-ARIA menu: focus moves in, arrow keys move between items, Escape closes.
 */
export function UserMenu() {
  const platform = usePlatform();
  const goTo = useGoTo();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const user = platform.user;

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onClick = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const onMenuKey = (e: React.KeyboardEvent) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[e.key];
    if (next === undefined || !items.length) return;
    e.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

  if (!user) return null;
  return (
    <div className="user-menu" ref={root}>
      <Button
        ref={trigger}
        variant="icon"
        className="avatar"
        // The name holds the initials shown, so speech input ("click DO") finds the button.
        aria-label={`User menu (${initials(user.name)})`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {initials(user.name)}
      </Button>
      {open && (
        <div className="user-menu-popup" role="menu" aria-label="Account" ref={menu} onKeyDown={onMenuKey}>
          <div className="user-menu-who">
            <strong>{user.name}</strong>
            <span>{user.email}</span>
          </div>
          <Button
            variant="ghost"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              goTo('billing.account');
            }}
          >
            Account
          </Button>
          <Button variant="ghost" role="menuitem" onClick={() => platform.signOut()}>
            Sign out
          </Button>
        </div>
      )}
    </div>
  );
}
