import { map, task, type MapStore } from 'nanostores';
import type { z } from 'zod';
import { ApiError } from '#lib/client/api-error.ts';
import { focusFirstInvalid } from '#lib/client/focus.ts';

/** What a form island renders: the values typed so far, an error per field, one error for the whole form. */
export interface FormState<Values extends Record<string, unknown>> {
  values: Values;
  /** Field name -> message in words, shown next to that field. */
  errors: Partial<Record<string, string>>;
  /** A failure that names no field (shown above the submit button). */
  formError: string | undefined;
  submitting: boolean;
}

export type SubmitOutcome<Result> = { ok: true; result: Result } | { ok: false };

/** The `keys` of a form's values: the fields one form of several over the same values shows and sends. */
export function pickFields<Values extends object, K extends keyof Values>(values: Values, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Pick<Values, K>;
}

/** A PATCH body of the fields present: the undefined ones are left out (a PATCH changes only what it carries). */
export function definedFields<Body extends object>(body: Body): Body {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Body;
}

/**
 * The submit handler of a form island that saves something named by a tag (a team, a tournament): it keeps the
 * browser from sending the form itself, submits it through `form` and, once saved, goes to `doneHref` with `{tag}`
 * replaced by the saved tag. On a failure it stays: the errors are in the form's state, what was typed is kept,
 * and focus moves to the first field in error.
 */
export function submitThenGo(
  form: { submit(): Promise<SubmitOutcome<string>> },
  doneHref: string,
  go: (href: string) => void = (href) => window.location.assign(href),
): (event: { preventDefault(): void; currentTarget?: unknown }) => Promise<void> {
  return async (event) => {
    event.preventDefault();
    const element = typeof HTMLFormElement !== 'undefined' && event.currentTarget instanceof HTMLFormElement;
    const target = element ? (event.currentTarget as HTMLFormElement) : null;
    const outcome = await form.submit();
    if (outcome.ok) go(doneHref.replace('{tag}', encodeURIComponent(outcome.result)));
    else focusFirstInvalid(target);
  };
}

/** The first message per top-level field of a zod error (`body` for an issue with no path). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Which of `fields` a server error message names. The API words its 400s "Invalid field 'name': ...", "Missing
 * field 'file': ..." or "... give the 'map' field": the first quoted name that is a field of the form (or whose
 * first dotted segment is) is the one. Undefined when none is.
 */
export function fieldNamedBy(message: string, fields: readonly string[]): string | undefined {
  // A quote right after a letter is an apostrophe ("the log's map"), not the start of a name.
  for (const [, quoted = ''] of message.matchAll(/(?<!\w)'([A-Za-z_][\w.]*)'/g)) {
    const name = quoted.split('.')[0] ?? quoted;
    if (fields.includes(name)) return name;
  }
  return undefined;
}

/**
 * A form's state and actions for an island. `submit()` validates the values with the shared zod `schema` (the
 * same one the server uses; given as a loader, it is loaded on the first submit): field errors stay next to their
 * fields and nothing is sent. Otherwise `send` is
 * called with the parsed data; a 400 from the server lands next to the field its message names (or as the form's
 * error), any other failure as the form's error. The values typed are never cleared by a failure.
 */
export function createForm<Values extends Record<string, unknown>, S extends z.ZodType, Result>(options: {
  /** The schema, or how to load it: a form needs it only when submitted (its module brings zod). */
  schema: S | (() => Promise<S>);
  initial: Values;
  send: (data: z.output<S>) => Promise<Result>;
}): {
  $form: MapStore<FormState<Values>>;
  setField: <K extends keyof Values & string>(name: K, value: Values[K]) => void;
  submit: () => Promise<SubmitOutcome<Result>>;
} {
  const $form = map<FormState<Values>>({
    values: options.initial,
    errors: {},
    formError: undefined,
    submitting: false,
  });
  const fields = Object.keys(options.initial);

  function setField<K extends keyof Values & string>(name: K, value: Values[K]): void {
    const { [name]: _dropped, ...errors } = $form.get().errors;
    $form.set({ ...$form.get(), values: { ...$form.get().values, [name]: value }, errors });
  }

  function submit(): Promise<SubmitOutcome<Result>> {
    return task(async () => {
      const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
      const parsed = schema.safeParse($form.get().values);
      if (!parsed.success) {
        $form.set({ ...$form.get(), errors: fieldErrors(parsed.error), formError: undefined });
        return { ok: false };
      }
      $form.set({ ...$form.get(), errors: {}, formError: undefined, submitting: true });
      try {
        const result = await options.send(parsed.data);
        $form.setKey('submitting', false);
        return { ok: true, result };
      } catch (error) {
        const message =
          error instanceof ApiError
            ? (error.serverMessage ?? error.message)
            : error instanceof Error
              ? error.message
              : String(error);
        const field = error instanceof ApiError && error.status === 400 ? fieldNamedBy(message, fields) : undefined;
        $form.set({
          ...$form.get(),
          submitting: false,
          errors: field ? { [field]: message } : {},
          formError: field ? undefined : message,
        });
        return { ok: false };
      }
    });
  }

  return { $form, setField, submit };
}
