import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ProfileRow } from './ProfileRow.tsx';
import { useStore } from '@nanostores/react';
import { createClaims } from '#lib/client/claims.ts';
import { focusFirstInvalid } from '#lib/client/focus.ts';
import type { OwnedProfile } from '#lib/schemas/claim.ts';
import '#islands/shared/controls.css';
import './claims.css';

export interface ClaimsProps {
  profiles: OwnedProfile[];
  /** The series in use: a player's page and the primary-name call are per series. */
  series: string;
  /** A player's page with '{id}' in place of the id. */
  playerHref: string;
  /** The Steam sign-in that proves the caller's Steam id and comes back to this page. */
  steamProofHref: string;
  /** Show the form to claim another profile (false on a player's page, which shows only the claim of that player). */
  claimForm?: boolean;
}

/**
 * The signed-in user's player profiles (spec sections 4 and 7): claim one by its Steam or Epic id (pending until
 * proved with Steam or approved by a reviewer), then, once it is theirs, make it private or public, change the
 * name shown, or unclaim it. Server-rendered with the list; hydrated on first engagement, every action is one call
 * whose refusal is shown in the server's words.
 */
export default function Claims(props: ClaimsProps) {
  const [claims] = useState(() => createClaims(props.profiles, props.series));
  const profiles = useStore(claims.$profiles);
  const busy = useStore(claims.$busy);
  const form = useStore(claims.claimForm.$form);
  const input = useRef<HTMLInputElement>(null);

  // An id typed before hydration finished is kept.
  useEffect(() => {
    if (input.current?.value) claims.claimForm.setField('steam_id', input.current.value);
  }, [claims]);

  const claim = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The claim answers no name: the page shows the profile as the server now has it.
    const element = event.currentTarget;
    if ((await claims.claimForm.submit()).ok) window.location.reload();
    else focusFirstInvalid(element);
  };
  const error = form.errors['steam_id'] ?? form.formError;

  return (
    <div className="claims">
      {profiles.length === 0 ? (
        props.claimForm !== false && <p className="muted">You have not claimed a player profile yet.</p>
      ) : (
        <ul className="profiles">
          {profiles.map((profile) => (
            <ProfileRow
              key={profile.steam_id}
              profile={profile}
              href={props.playerHref.replace('{id}', encodeURIComponent(profile.steam_id))}
              steamProofHref={props.steamProofHref}
              busy={busy === profile.steam_id}
              onVisibility={(v) => void claims.setVisibility(profile.steam_id, v)}
              onUnclaim={() => void claims.unclaim(profile.steam_id)}
              onRename={(name) => claims.rename(profile.steam_id, name)}
            />
          ))}
        </ul>
      )}
      {props.claimForm !== false && (
        <form className="claim" onSubmit={claim} noValidate>
          <label htmlFor="claim-id">Steam or Epic id</label>
          <div className="row">
            <input
              id="claim-id"
              name="steam_id"
              ref={input}
              inputMode="text"
              autoComplete="off"
              placeholder="76561198000000000"
              value={form.values.steam_id}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'claim-error' : 'claim-hint'}
              onChange={(e) => claims.claimForm.setField('steam_id', e.currentTarget.value)}
            />
            <button type="submit" className="button" disabled={form.submitting}>
              {form.submitting ? 'Claiming…' : 'Claim profile'}
            </button>
          </div>
          {error ? (
            <p className="error" id="claim-error" role="alert">
              {error}
            </p>
          ) : (
            <p className="hint" id="claim-hint">
              Your 17-digit SteamID64 or 32-character Epic id, as in the match logs.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
