import { useState, type SubmitEvent } from 'react';
import type { OwnedProfile } from '#lib/schemas/claim.ts';

const STATUS_LABELS: Record<OwnedProfile['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Yours',
  rejected: 'Claim rejected',
};

export interface ProfileRowProps {
  profile: OwnedProfile;
  href: string;
  /** The Steam sign-in that proves this id at once (only for 17-digit Steam ids). */
  steamProofHref: string;
  busy: boolean;
  onVisibility: (v: 'public' | 'private') => void;
  onUnclaim: () => void;
  onRename: (name: string) => Promise<boolean>;
}

/** The owner's actions on an approved claim: visibility, the name shown, unclaim. */
function OwnerActions(props: ProfileRowProps & { onRenaming: () => void }) {
  const { profile, busy } = props;
  const next = profile.visibility === 'public' ? 'private' : 'public';
  return (
    <div className="actions">
      <button type="button" disabled={busy} onClick={() => props.onVisibility(next)}>
        Make {next}
        <span className="visually-hidden"> {profile.name}</span>
      </button>
      <button type="button" disabled={busy} onClick={props.onRenaming}>
        Change name<span className="visually-hidden"> of {profile.name}</span>
      </button>
      <button type="button" disabled={busy} onClick={props.onUnclaim}>
        Unclaim<span className="visually-hidden"> {profile.name}</span>
      </button>
    </div>
  );
}

/**
 * One claimed profile: its name (a link), id, the claim's state and what the claimant may do in it. A pending
 * claim changes nothing until proved: it can be proved at once with Steam (a plain link, no script needed) or
 * withdrawn; a rejected one can be removed.
 */
export function ProfileRow(props: ProfileRowProps) {
  const { profile, busy } = props;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(profile.name);
  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await props.onRename(name)) setRenaming(false);
  };
  const steam = /^\d{17}$/.test(profile.steam_id);
  return (
    <li className="profile">
      <div className="who">
        <a href={props.href}>{profile.name}</a>
        <span className="id">{profile.steam_id}</span>
        <span className={`status ${profile.status}`}>{STATUS_LABELS[profile.status]}</span>
        {profile.status === 'approved' && (
          <span className={`visibility ${profile.visibility}`}>
            {profile.visibility === 'public' ? 'Public' : 'Private'}
          </span>
        )}
      </div>
      {profile.status === 'pending' && (
        <p className="hint">
          An admin or a manager of a team this player played for has to approve the claim; until then the profile stays
          public and unchanged.{steam && ' Sign in through Steam to prove it is you at once.'}
        </p>
      )}
      {profile.status === 'rejected' && (
        <p className="hint">
          A reviewer did not confirm this claim.{steam && ' Signing in through Steam proves it is you.'}
        </p>
      )}
      {renaming ? (
        <form className="rename" onSubmit={save}>
          <label htmlFor={`name-${profile.steam_id}`}>Name shown for {profile.steam_id}</label>
          <input
            id={`name-${profile.steam_id}`}
            value={name}
            maxLength={64}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={busy}>
            Save name
          </button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : profile.status === 'approved' ? (
        <OwnerActions {...props} onRenaming={() => setRenaming(true)} />
      ) : (
        <div className="actions">
          {steam && (
            <a className="button" href={props.steamProofHref}>
              Prove with Steam<span className="visually-hidden"> that {profile.steam_id} is you</span>
            </a>
          )}
          <button type="button" disabled={busy} onClick={props.onUnclaim}>
            {profile.status === 'pending' ? 'Withdraw claim' : 'Remove'}
            <span className="visually-hidden"> of {profile.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
