import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { emailOnlyInput, type EmailOnlyInput } from '@shop/shared/schemas/auth.ts'
import { Button } from '../../../ui/button.tsx'
import { Field, Input } from '../../../ui/field.tsx'

type EmailFormProps = {
  label: string
  submitLabel: string
  submittingLabel: string
  defaultEmail?: string
  /** Receives the e-mail trimmed and lower-cased. */
  onSubmit: (input: EmailOnlyInput) => Promise<void>
}

/** One e-mail field and a button (staff-and-content.md §5 Forgot password: required and format messages). */
export function EmailForm({ label, submitLabel, submittingLabel, defaultEmail = '', onSubmit }: EmailFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyInput>({ resolver: zodResolver(emailOnlyInput), defaultValues: { email: defaultEmail } })

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Field label={label} error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  )
}
