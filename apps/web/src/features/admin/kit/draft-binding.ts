type Change<D> = <K extends keyof D>(key: K, value: D[K]) => void
type KeysOf<D, T> = { [K in keyof D]: D[K] extends T ? K : never }[keyof D]

/**
 * The props that tie one draft field to its control, so that a staff form lists only its fields:
 * `<TextField label={…} {...bind.text('name')} />`, `<PriceField {...bind.value('price')} />`,
 * `<Checkbox label={…} {...bind.check('featured')} />`.
 */
export function draftBinding<D>(draft: D, change: Change<D>, errorOf: (key: string) => string | undefined) {
  return {
    /** TextField and SelectField: the event's text. */
    text: <K extends KeysOf<D, string>>(key: K) => ({
      value: draft[key] as string,
      onChange: (event: { target: { value: string } }) => change(key, event.target.value as D[K]),
      error: errorOf(String(key)),
    }),
    /** Controls that hand over the value itself (PriceField, TextAreaField, ListInput-like). */
    value: <K extends keyof D>(key: K) => ({
      value: draft[key],
      onChange: (value: D[K]) => change(key, value),
      error: errorOf(String(key)),
    }),
    /** Checkbox: the event's checked state. */
    check: <K extends KeysOf<D, boolean>>(key: K) => ({
      checked: draft[key] as boolean,
      onChange: (event: { target: { checked: boolean } }) => change(key, event.target.checked as D[K]),
    }),
  }
}
