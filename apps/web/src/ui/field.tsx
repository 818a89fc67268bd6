import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react'
import { classNames } from './class-names.ts'

export type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type FieldProps = {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  /** Marks the label with RequiredMark; the control itself still carries aria-required. */
  isRequired?: boolean
  id?: string
  className?: string
  /** Receives the id and ARIA wiring for the control it renders. */
  children: (control: ControlProps) => ReactNode
}

/** The asterisk after a required field's label; the control itself carries aria-required. */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>
}

/** A label, one control, an optional hint and an error text, wired together for assistive technology. */
export function Field({ label, error, hint, isRequired = false, id, className, children }: FieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={classNames('ui-field', className)}>
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
        {isRequired && <RequiredMark />}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="ui-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }

export function Input({ className, ...rest }: InputProps) {
  return <input {...rest} className={classNames('ui-input', className)} />
}

/** An e-mail address: the phone offers its e-mail keyboard, and nothing capitalises or corrects what is typed. */
export function EmailInput(props: Omit<InputProps, 'type'>) {
  return (
    <Input type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />
  )
}

type PasswordInputProps = Omit<InputProps, 'type' | 'autoComplete'> & {
  /** A password being chosen, which the browser may offer to save, or the current one, which it may fill in. */
  purpose: 'new' | 'current'
}

export function PasswordInput({ purpose, ...props }: PasswordInputProps) {
  return <Input type="password" autoComplete={`${purpose}-password`} {...props} />
}

type TextFieldProps = Omit<InputProps, 'children'> & { label: ReactNode; error?: string | null; hint?: ReactNode }

export function TextField({ label, error, hint, id, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <Input {...inputProps} {...control} />}
    </Field>
  )
}

export type SelectOption = { value: string; label: string; disabled?: boolean }

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>
  options?: readonly SelectOption[]
}

export function Select({ className, options, children, ...rest }: SelectProps) {
  return (
    <select {...rest} className={classNames('ui-select', className)}>
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  )
}

type SelectFieldProps = Omit<SelectProps, 'id'> & {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  id?: string
}

export function SelectField({ label, error, hint, id, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => <Select {...selectProps} {...control} />}
    </Field>
  )
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  error?: string | null
  ref?: Ref<HTMLInputElement>
}

export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const errorId = error ? `${controlId}-error` : undefined
  return (
    <div className={classNames('ui-checkbox', className)}>
      <label className="ui-checkbox__row" htmlFor={controlId}>
        <input
          {...rest}
          id={controlId}
          type="checkbox"
          className="ui-checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}
