/**
 * The main navigation. Wide screens show the links in the top bar; below 640 px (styles.css, "Shell") they fold
 * behind a Menu button (a disclosure: aria-expanded, aria-controls) that opens them as a list under the bar, so every
 * link stays in view on a phone. The list closes on navigation, on Escape (focus back on the button) and on a click
 * outside the navigation. The button names the section in view ("Work requests, menu").
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useChanged } from '../lib/useChanged';

export interface NavItem {
  to: string;
  label: string;
}

interface Props {
  items: NavItem[];
  /**
   * Shown after an item's label (the unread count after Notifications). Rendered once, in the link: the folded Menu
   * button shows a dot while a badge is in the list (CSS `:has`), the count itself is read in the opened list.
   */
  badge?: (item: NavItem) => ReactNode;
}

export function MainNav({ items, badge }: Props) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  if (useChanged(pathname) && open) setOpen(false);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const current = items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const section = current?.label ?? 'Menu';

  return (
    <nav aria-label="Main" className="mainnav" data-open={open || undefined} ref={navRef}>
      <button
        type="button"
        ref={buttonRef}
        className="mainnav__toggle button"
        aria-expanded={open}
        aria-controls="mainnav-links"
        aria-label={`${section}, menu`}
        onClick={() => setOpen(!open)}
      >
        <span className="mainnav__toggle-icon" aria-hidden="true" />
        <span className="mainnav__toggle-label">{section}</span>
      </button>
      <ul id="mainnav-links">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="mainnav__link">
              {item.label}
              {badge?.(item)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
