import type { TextFieldSpec } from '#islands/shared/TextField.tsx';

/**
 * The text fields a team's and a tournament's form share, worded once: both are named, tagged and may carry an
 * icon and an invite link. The tag's hint differs per form, so each form words its own.
 */
export const TAGGED_FIELDS = {
  name: { label: 'Name', type: 'text', required: true },
  icon: { label: 'Icon URL', hint: 'Empty, or an absolute URL such as https://cdn.discordapp.com/…', type: 'url' },
  invite: { label: 'Invite URL', hint: 'Empty, or an absolute URL such as https://discord.gg/…', type: 'url' },
} as const satisfies Record<string, TextFieldSpec>;

/** The tag field with the form's own `hint`. */
export const tagField = (hint: string): TextFieldSpec => ({ label: 'Tag', hint, type: 'text', required: true });
