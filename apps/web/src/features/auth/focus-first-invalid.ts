/**
 * Focuses the form's first control, in the order a person reads it, whose name has an error.
 * react-hook-form's own focus follows the order it registered the fields in, which on the
 * registration page put the terms checkbox (the last field) first (docs/decisions.md, Walk-through fixes).
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Readonly<Record<string, unknown>>): void {
  if (!form) return
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name')
    if (name && errors[name] !== undefined && element instanceof HTMLElement) {
      element.focus()
      return
    }
  }
}
