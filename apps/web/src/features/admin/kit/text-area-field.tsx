import type { TextareaHTMLAttributes } from 'react'
import { classNames } from '../../../ui/class-names.ts'
import { Field } from '../../../ui/field.tsx'

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> & {
  label: string
  value: string
  onChange: (text: string) => void
  error?: string | null | undefined
  hint?: string
  /** Marks the label as required (the text box itself carries aria-required). */
  isRequired?: boolean
}

/** A labelled multi-line text box with its error (descriptions, work hours), wired like TextField. */
export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  isRequired = false,
  className,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  return (
    <Field label={label} error={error ?? null} hint={hint} isRequired={isRequired}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          className={classNames('ui-input', className)}
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
