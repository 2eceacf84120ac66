import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePlatform } from '@sniff/shell-sdk';
import { RESOURCE_LINKS, SECTION_LINKS } from './site-nav';

const PANEL_ID = 'site-mobile-menu';

/**
 * The small-screen menu: a disclosure button and a panel with the section anchors, the Resources (guides)
 * and Login/Sign Up. Escape or choosing a link closes it; Escape returns focus to the button.
 */
export function MobileMenu() {
  const platform = usePlatform();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="site-menu">
      <button
        ref={button}
        type="button"
        className="site-icon-button site-menu__button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        aria-label="Menu"
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M3 6h18M3 12h18M3 18h18'} />
        </svg>
      </button>
      <nav id={PANEL_ID} className="site-menu__panel" aria-label="Menu" hidden={!open}>
        <ul className="site-menu__list">
          {SECTION_LINKS.map((l) => (
            <li key={l.href}>
              <Link to={l.href} onClick={close}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="site-menu__heading" id="site-menu-resources">
          Resources
        </p>
        <ul className="site-menu__list" aria-labelledby="site-menu-resources">
          {RESOURCE_LINKS.map((l) => (
            <li key={l.href}>
              <Link to={l.href} onClick={close}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="site-menu__actions">
          <button
            type="button"
            className="site-button site-button--ghost"
            onClick={() => {
              close();
              platform.signIn({ returnTo: '/dashboard', forceLogin: true });
            }}
          >
            Login
          </button>
          <button
            type="button"
            className="site-button"
            onClick={() => {
              close();
              platform.signIn({ signUp: true, returnTo: '/dashboard', forceLogin: true });
            }}
          >
            Sign Up
          </button>
        </div>
      </nav>
    </div>
  );
}
