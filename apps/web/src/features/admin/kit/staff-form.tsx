import type { FormHTMLAttributes } from 'react'

type StaffFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** Runs instead of the browser's submit; the form's own rules (zod) check the fields, not the browser's. */
  onSubmit: () => void
}

/** A staff form: no browser validation bubbles (the specification's texts are shown instead), no page reload. */
export function StaffForm({ onSubmit, children, ...rest }: StaffFormProps) {
  return (
    <form
      {...rest}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      {children}
    </form>
  )
}
