import { useState } from 'react'
import type { z } from 'zod'
import { Button } from '../../../ui/button.tsx'
import { Field, Input } from '../../../ui/field.tsx'
import { classNames } from '../../../ui/class-names.ts'

type FieldCheck = (value: string) => { ok: true; value: string } | { ok: false; message: string }

/**
 * The field's rule as a one-field schema of the server's (`{ [name]: string }`): the value it keeps, or
 * its first message (`fallback` when it gives none).
 */
export function schemaCheck<Name extends string>(
  schema: z.ZodType<Record<Name, string>, unknown>,
  name: Name,
  fallback: string,
): FieldCheck {
  return (value) => {
    const checked = schema.safeParse({ [name]: value })
    return checked.success
      ? { ok: true, value: checked.data[name] }
      : { ok: false, message: checked.error.issues[0]?.message ?? fallback }
  }
}

type OneFieldFormProps = {
  /** The field's visible label. */
  label: string
  /** The input's accessible name when a page shows the same field once per row (names the row). */
  inputName?: string
  /** The input's name attribute. */
  name: string
  /** The value as stored now; the save button waits for a change from it. */
  saved: string
  /** The field's rule (the schema the server uses): the value to send, or the message to show. */
  check: FieldCheck
  /** Stores the checked value; true when it was stored (a failure shows the page's own error). */
  onSave: (value: string) => Promise<boolean>
  saveLabel: string
  /** The save button's accessible name when it needs the row's name too. */
  saveName?: string
  maxLength?: number
  className?: string
}

/**
 * One text field with its own save button, inline in a card or a row (the order's tracking number, its
 * fiscal receipt): checked on submit by the field's rule, the button busy while saving and idle until
 * the value differs from the stored one.
 */
export function OneFieldForm({
  label,
  inputName,
  name,
  saved,
  check,
  onSave,
  saveLabel,
  saveName,
  maxLength,
  className,
}: OneFieldFormProps) {
  const [value, setValue] = useState(saved)
  const [error, setError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)

  async function save() {
    const checked = check(value)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    setError(null)
    setIsSaving(true)
    if (await onSave(checked.value)) setValue(checked.value)
    setIsSaving(false)
  }

  return (
    <form
      className={classNames('staff-one-field', className)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Field label={label} error={error}>
        {(control) => (
          <Input
            {...control}
            aria-label={inputName}
            name={name}
            value={value}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        isLoading={isSaving}
        disabled={value === saved}
        aria-label={saveName}
      >
        {saveLabel}
      </Button>
    </form>
  )
}
