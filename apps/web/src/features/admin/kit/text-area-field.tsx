import type { TextareaHTMLAttributes } from 'react'
import { Field } from '../../../ui/field.tsx'

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & {
  label: string
  value: string
  onChange: (text: string) => void
  error?: string | null | undefined
  hint?: string
}

/** A labelled multi-line text box with its error (descriptions, work hours), wired like TextField. */
export function TextAreaField({ label, value, onChange, error, hint, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error ?? null} hint={hint}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          className="ui-input"
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
