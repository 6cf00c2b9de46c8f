import { useEffect, type RefObject } from 'react';

/**
 * Takes over what was typed into a server-rendered form before its island hydrated, instead of throwing it away:
 * once mounted, each of the form store's fields is read from the form's element of that name (checkboxes as
 * booleans, inputs and text areas as text) and handed to `set`.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  $form: { get(): { values: object } },
  set: (name: string, value: string | boolean) => void,
): void {
  useEffect(() => {
    const elements = formRef.current?.elements;
    if (!elements) return;
    for (const name of Object.keys($form.get().values)) {
      const element = elements.namedItem(name);
      if (element instanceof HTMLInputElement && element.type === 'checkbox') set(name, element.checked);
      else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) set(name, element.value);
    }
  }, [formRef, $form, set]);
}
