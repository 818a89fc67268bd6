import { useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { Field, Input } from '../../../ui/field.tsx'

/** staff-and-content.md §9: prices step by 0.01 KM. */
export const PRICE_STEP = 0.01

/** A typed price with a decimal comma or point ('12,50', '12.5') as the number input wants it. */
export function toPointDecimal(text: string): string {
  return text.trim().replace(/\s/g, '').replace(',', '.')
}

/** Types `text` at the caret as if the person had typed it (keeps the browser's undo and caret). */
function insertAtCaret(text: string): void {
  // execCommand is deprecated but still the only way to insert into an <input type=number>, which
  // exposes no selection; Chromium, Firefox and Safari all support 'insertText'.
  document.execCommand('insertText', false, text)
}

type PriceFieldProps = {
  label: string
  /** The draft's text (with a point: the field turns a typed or pasted comma into one). */
  value: string
  onChange: (text: string) => void
  /** §5: 0 for prices that may be free (shipping), 0.01 for prices that must be above 0. */
  min?: number
  /** The form's error for this field (after a save attempt). */
  error?: string | null | undefined
  /**
   * The field's own rule, run when the person leaves the field, so that the error shows before saving
   * (docs/decisions.md, Walk-through fixes). Gets the text, answers the message or null.
   */
  check?: (text: string) => string | null
  hint?: string
  name?: string
  disabled?: boolean
}

/**
 * A price input: a number input (step 0.01, min as §5 says, the decimal keypad on a phone) that
 * still accepts a decimal comma typed or pasted, and checks itself when left.
 */
export function PriceField({
  label,
  value,
  onChange,
  min = 0.01,
  error,
  check,
  hint,
  name,
  disabled,
}: PriceFieldProps) {
  const [ownError, setOwnError] = useState<string | null>(null)
  const recheck = (text: string, isBadInput: boolean) => {
    // A number input reports text it cannot read (e.g. '12a') as empty with badInput; the rule then
    // sees that text as not a number.
    const message = check?.(isBadInput ? 'NaN' : text) ?? null
    setOwnError(message)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== ',') return
    event.preventDefault()
    insertAtCaret('.')
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text')
    const normal = toPointDecimal(pasted)
    if (normal === pasted) return
    event.preventDefault()
    insertAtCaret(normal)
  }
  return (
    <Field label={label} error={error ?? ownError} hint={hint}>
      {(control) => (
        <Input
          {...control}
          name={name}
          type="number"
          inputMode="decimal"
          step={PRICE_STEP}
          min={min}
          disabled={disabled}
          value={value}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onChange={(event) => {
            onChange(event.target.value)
            if (ownError) recheck(event.target.value, event.target.validity.badInput)
          }}
          onBlur={(event) => recheck(event.target.value, event.target.validity.badInput)}
        />
      )}
    </Field>
  )
}

/** A `check` for a price that must be above 0 (§5 'Cijena mora biti pozitivan broj veći od 0'). */
export function positivePrice(message: string): (text: string) => string | null {
  return (text) => {
    const value = Number(toPointDecimal(text))
    return text.trim() !== '' && Number.isFinite(value) && value > 0 ? null : message
  }
}

/** A `check` for a price that may be 0 but not below (§5 Shipping: 'minimum 0'). */
export function nonNegativePrice(message: string): (text: string) => string | null {
  return (text) => {
    const value = Number(toPointDecimal(text))
    return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? null : message
  }
}
