import { afterEach, describe, expect, it } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import type { z } from 'zod';
import { createTeamInputSchema } from '#lib/schemas/team-input.ts';
import { ApiError } from '#lib/client/api.ts';
import { createForm, fieldNamedBy, submitThenGo } from '#lib/client/form.ts';

const typed = { name: 'Seventh Dragoons', tag: '7DR', icon: 'not a url', invite: '' };

describe('form helper', () => {
  const stores: Parameters<typeof cleanStores>[0][] = [];
  afterEach(() => cleanStores(...stores));

  function teamForm(send: (body: z.output<typeof createTeamInputSchema>) => Promise<string>) {
    const form = createForm({ schema: createTeamInputSchema, initial: { ...typed }, send });
    stores.push(form.$form);
    return form;
  }

  it('validates with the shared schema: the error sits next to its field and nothing is sent', async () => {
    const sent: unknown[] = [];
    const form = teamForm(async (body) => (sent.push(body), 'created'));
    expect(await form.submit()).toEqual({ ok: false });
    expect(sent).toEqual([]);
    expect(form.$form.get().errors).toEqual({
      icon: 'must be empty or an absolute http(s) URL such as https://example.org',
    });
    form.setField('icon', 'https://cdn.example.org/7dr.png');
    expect(form.$form.get().errors).toEqual({});
    expect(await form.submit()).toEqual({ ok: true, result: 'created' });
    expect(sent).toEqual([{ ...typed, icon: 'https://cdn.example.org/7dr.png', invite: null }]);
  });

  it("puts the server's 400 next to the field it names and keeps what was typed", async () => {
    const form = teamForm(async () => {
      throw new ApiError(400, { error: "Invalid field 'tag': a team with this tag already exists" });
    });
    form.setField('icon', '');
    void form.submit();
    expect(form.$form.get().submitting).toBe(true);
    await allTasks();
    expect(form.$form.get()).toEqual({
      values: { ...typed, icon: '' },
      errors: { tag: "Invalid field 'tag': a team with this tag already exists" },
      formError: undefined,
      submitting: false,
    });
  });

  it('shows a failure naming no field as the form error', async () => {
    const form = teamForm(async () => {
      throw new ApiError(403, { error: 'Only an admin can do this' });
    });
    form.setField('icon', '');
    await form.submit();
    expect([form.$form.get().formError, form.$form.get().errors, form.$form.get().values.name]).toEqual([
      'Only an admin can do this',
      {},
      'Seventh Dragoons',
    ]);
    const silent = teamForm(async () => {
      throw new ApiError(502, undefined);
    });
    silent.setField('icon', '');
    await silent.submit();
    expect(silent.$form.get().formError).toBe('HTTP request failed with status code: 502');
  });

  it('reads the field a server message names', () => {
    const fields = ['map', 'file', 'data', 'teams'];
    expect(fieldNamedBy("Missing field 'file': attach the log file", fields)).toBe('file');
    expect(fieldNamedBy("The log's map 'Foy' is not in the map catalogue; give the 'map' field", fields)).toBe('map');
    expect(fieldNamedBy("Invalid field 'teams.1': unknown team", fields)).toBe('teams');
    expect(fieldNamedBy('Only an admin can do this', fields)).toBeUndefined();
  });

  it('submits in place of the browser and goes on to the saved tag only once saved', async () => {
    const gone: string[] = [];
    let prevented = 0;
    const event = { preventDefault: () => void prevented++ };
    const refused = teamForm(async () => {
      throw new ApiError(409, { error: 'taken' });
    });
    refused.setField('icon', '');
    await submitThenGo(refused, '/teams/{tag}?series=S3', (href) => gone.push(href))(event);
    expect([prevented, gone, refused.$form.get().values.name]).toEqual([1, [], 'Seventh Dragoons']);
    const saved = teamForm(async () => '[7DR]');
    saved.setField('icon', '');
    await submitThenGo(saved, '/teams/{tag}?series=S3', (href) => gone.push(href))(event);
    expect([prevented, gone]).toEqual([2, ['/teams/%5B7DR%5D?series=S3']]);
  });
});
