import { useState, type SubmitEvent } from 'react';
import { apiClient } from '#lib/client/api.ts';
import { notify } from '#lib/client/stores/notifications.ts';
import { navigate } from '#lib/client/navigate.ts';
import { useDisclosureMenu } from '#lib/client/use-disclosure-menu.ts';
import './user-menu.css';

export interface UserMenuProps {
  name: string;
  /** 'Roles: ADMIN, USER' or 'No roles'. */
  rolesText: string;
  profileHref: string;
  teams: { tag: string; href: string }[];
  /** Admin pages (admins only): label and address. */
  adminLinks?: { label: string; href: string }[];
  /** The no-JavaScript sign-out: a form POST that answers 303 back to this page. */
  signOutAction: string;
  csrfToken: string;
}

/**
 * The signed-in user's menu (spec section 2): name, roles, My Profile, My Teams and Sign out. It works as a
 * `<details>` with a plain sign-out form before hydration; hydrated, Sign out is POST /v2/users/@me/logout
 * followed by loading the page again (navigate()), and the menu answers the arrow, Home, End and Escape keys.
 */
export default function UserMenu(props: UserMenuProps) {
  const { details, onKeyDown } = useDisclosureMenu();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSigningOut(true);
    try {
      await apiClient().users.logout();
    } catch (error) {
      setSigningOut(false);
      notify('error', `Could not sign out. ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Signed out: the same page again, now as a visitor ('Navigation errored: ...' if it fails to load).
    if (!(await navigate(window.location.href.split('#')[0] ?? '/'))) setSigningOut(false);
  };

  return (
    <details className="user-menu" ref={details} onKeyDown={onKeyDown}>
      <summary>{props.name}</summary>
      <div className="panel">
        <p className="roles">{props.rolesText}</p>
        <ul>
          <li>
            <a href={props.profileHref} data-menu-item="">
              My Profile
            </a>
          </li>
          {props.teams.length > 0 && (
            <li>
              <span className="group">My Teams</span>
              <ul>
                {props.teams.map((team) => (
                  <li key={team.tag}>
                    <a href={team.href} data-menu-item="">
                      {team.tag}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          )}
          {(props.adminLinks ?? []).map((link) => (
            <li key={link.href}>
              <a href={link.href} data-menu-item="">
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <form method="post" action={props.signOutAction} onSubmit={signOut}>
              <input type="hidden" name="csrf_token" value={props.csrfToken} />
              <button type="submit" className="button secondary" data-menu-item="" disabled={signingOut}>
                Sign out
              </button>
            </form>
          </li>
        </ul>
      </div>
    </details>
  );
}
