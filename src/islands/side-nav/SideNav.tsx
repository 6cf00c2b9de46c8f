import { useEffect, useRef } from 'react';
import { sideNavCookie } from '#lib/kit/statistics-nav.ts';
import './side-nav.css';

/** One link of the side navigation, already carrying the page's query string. */
export interface SideNavLink {
  id: string;
  label: string;
  href: string;
  current: boolean;
}

/**
 * The side navigation of /statistics/*: a `<details>` of links that opens and collapses without JavaScript.
 * Hydrated (`client:engage`), it remembers the state in a cookie, so the next page is rendered the same way by the
 * server. The engaging click toggles the `<details>` before the island runs, so the state is also written once
 * when the island mounts.
 */
export default function SideNav({ links, collapsed }: { links: SideNavLink[]; collapsed: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const remember = () => {
    const open = details.current?.open ?? !collapsed;
    document.cookie = sideNavCookie(!open, window.location.protocol === 'https:');
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: the state the engaging click left
  useEffect(remember, []);
  return (
    <nav className="side-nav" aria-label="Statistics">
      <details ref={details} open={!collapsed} onToggle={remember}>
        <summary>
          <span className="side-nav-label">Statistics pages</span>
        </summary>
        <ul>
          {links.map((link) => (
            <li key={link.id}>
              <a href={link.href} aria-current={link.current ? 'page' : undefined}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
