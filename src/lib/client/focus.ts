/**
 * After a refused submit (the form's own check or the server's 400), moves focus to the first field marked invalid
 * (aria-invalid, set by the form's next render), else to the form's error message, so a keyboard or screen reader
 * user lands on what to fix. Waits a frame for the island to render the errors.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('.form-error, [role="alert"]');
    if (!target) return;
    if (!target.matches('input, select, textarea, button, a[href]')) target.tabIndex = -1;
    target.focus();
  });
}
