import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '#lib/client/api.ts';
import {
  createTournamentForm,
  editTournamentForm,
  EMPTY_TOURNAMENT,
  patchBody,
  type TournamentFormValues,
} from '#lib/client/tournament-form.ts';

/** A client whose tournament calls are recorded; `fail` makes them answer that error instead. */
function fakeClient(fail?: ApiError) {
  const calls: { method: string; tag?: string; body: unknown }[] = [];
  const answer = async (tag: string) => {
    if (fail) throw fail;
    return { tag, name: 'x' };
  };
  const client = {
    tournaments: {
      create: (body: { tag: string }) => (calls.push({ method: 'POST', body }), answer(body.tag)),
      update: (tag: string, body: unknown) => (calls.push({ method: 'PATCH', tag, body }), answer(tag)),
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const stored: TournamentFormValues = {
  name: 'Spring Cup',
  tag: 'SPRING',
  icon: '',
  invite: 'https://discord.gg/spring',
  description: 'Old text',
  event: true,
  active: true,
};

describe('tournament form', () => {
  it('creates with name, tag, icon, invite, description (empty by default) and the event flag, never active', async () => {
    const { client, calls } = fakeClient();
    const form = createTournamentForm(EMPTY_TOURNAMENT, client);
    form.setField('name', ' Autumn Cup ');
    form.setField('tag', 'AUT');
    form.setField('event', true);
    expect(await form.submit()).toEqual({ ok: true, result: 'AUT' });
    expect(calls).toEqual([
      {
        method: 'POST',
        body: { name: 'Autumn Cup', tag: 'AUT', icon: null, invite: null, description: '', event: true },
      },
    ]);
  });

  it('refuses an icon or invite that is neither empty nor an absolute URL, next to the field, sending nothing', async () => {
    const { client, calls } = fakeClient();
    const form = createTournamentForm({ ...EMPTY_TOURNAMENT, name: 'Cup', tag: 'C', invite: 'discord.gg/x' }, client);
    expect(await form.submit()).toEqual({ ok: false });
    expect(form.$form.get().errors).toEqual({
      invite: 'must be empty or an absolute http(s) URL such as https://example.org',
    });
    expect(calls).toEqual([]);
  });

  it('needs a name and a tag without spaces', async () => {
    const form = createTournamentForm({ ...EMPTY_TOURNAMENT, tag: 'A B' }, fakeClient().client);
    await form.submit();
    expect(Object.keys(form.$form.get().errors).sort()).toEqual(['name', 'tag']);
  });

  it('updates with every field except the tag', async () => {
    const { client, calls } = fakeClient();
    const form = editTournamentForm('SPRING', stored, client);
    form.setField('description', 'New text');
    form.setField('active', false);
    expect(await form.submit()).toEqual({ ok: true, result: 'SPRING' });
    expect(calls).toEqual([
      {
        method: 'PATCH',
        tag: 'SPRING',
        body: {
          name: 'Spring Cup',
          icon: null,
          invite: 'https://discord.gg/spring',
          description: 'New text',
          event: true,
          active: false,
        },
      },
    ]);
  });

  it('leaves out undefined fields and the tag of an update body', () => {
    expect(patchBody({ name: 'N', icon: undefined, event: false, tag: 'X' } as never)).toEqual({
      name: 'N',
      event: false,
    });
  });

  it("keeps what was typed and shows the server's refusal", async () => {
    const { client } = fakeClient(new ApiError(409, { error: "A tournament with the tag 'AUT' already exists" }));
    const form = createTournamentForm({ ...EMPTY_TOURNAMENT, name: 'Cup', tag: 'AUT' }, client);
    expect(await form.submit()).toEqual({ ok: false });
    expect(form.$form.get().formError).toBe("A tournament with the tag 'AUT' already exists");
    expect(form.$form.get().values.name).toBe('Cup');
  });
});
