import type { ReactNode } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { emailOnlyInput, type EmailOnlyInput } from '@shop/shared/schemas/auth.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { EmailInput, Field } from '../../../ui/field.tsx'
import { AuthCard } from './auth-card.tsx'
import { AuthSubmitButton } from './auth-submit-button.tsx'

type EmailRequestText = {
  title: string
  text: string
  email: string
  submit: string
  submitting: string
  backToSignIn: string
}

/** The answer to the last request, shown above the form. */
export type EmailRequestOutcome = { tone: 'success' | 'danger'; message: string }

type EmailRequestCardProps = {
  icon: ReactNode
  text: EmailRequestText
  outcome: EmailRequestOutcome | null
  /** Receives the e-mail trimmed and lower-cased. */
  onSubmit: (input: EmailOnlyInput) => Promise<void>
}

/**
 * A page that asks for one e-mail address to send a link to (a new password, a new verification):
 * the address may come in the URL (?email=), and the footer leads back to sign-in.
 */
export function EmailRequestCard({ icon, text, outcome, onSubmit }: EmailRequestCardProps) {
  usePageTitle(text.title)
  const [searchParams] = useSearchParams()
  return (
    <AuthCard icon={icon} title={text.title} text={text.text} footer={<Link to="/login">{text.backToSignIn}</Link>}>
      {outcome && (
        <Alert tone={outcome.tone}>
          <p>{outcome.message}</p>
        </Alert>
      )}
      <EmailForm text={text} defaultEmail={searchParams.get('email') ?? ''} onSubmit={onSubmit} />
    </AuthCard>
  )
}

type EmailFormProps = { text: EmailRequestText; defaultEmail: string; onSubmit: EmailRequestCardProps['onSubmit'] }

/** One e-mail field and a button (staff-and-content.md §5 Forgot password: required and format messages). */
function EmailForm({ text, defaultEmail, onSubmit }: EmailFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyInput>({ resolver: zodResolver(emailOnlyInput), defaultValues: { email: defaultEmail } })

  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)} noValidate>
      <Field label={text.email} error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} />}
      </Field>
      <AuthSubmitButton isSubmitting={isSubmitting} text={text} />
    </form>
  )
}
