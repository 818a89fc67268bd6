import { useEffect, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { resetPasswordForm } from '@shop/shared/schemas/auth.ts'
import type { z } from 'zod'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Field, PasswordInput } from '../../../ui/field.tsx'
import { ShieldIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { checkResetToken, isInvalidResetLink, resetPassword } from '../api/password-reset.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { LinkOutcomeCard } from '../components/link-outcome-card.tsx'
import { AuthSubmitButton } from '../components/auth-submit-button.tsx'

const text = auth.resetPassword

type ResetForm = z.infer<typeof resetPasswordForm>
type Stage = 'checking' | 'form' | 'invalid' | 'done'

/**
 * /reset-password/{token} (staff-and-content.md §2, §4, §5, §8): the link is checked on load; a valid
 * one shows the new-password form, a dead one the invalid-link screen, and success a sign-in link.
 */
export function ResetPasswordPage() {
  usePageTitle(text.title)
  const { token = '' } = useParams()
  const [stage, setStage] = useState<Stage>('checking')
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  })

  useEffect(() => {
    const controller = new AbortController()
    checkResetToken(token, controller.signal).then(
      () => setStage('form'),
      (error: unknown) => {
        if (controller.signal.aborted) return
        // Only a refused link is final; if the check itself failed, the server checks again on submit.
        setStage(isInvalidResetLink(error) ? 'invalid' : 'form')
      },
    )
    return () => controller.abort()
  }, [token])

  async function submit(form: ResetForm) {
    setFailure(null)
    try {
      await resetPassword(token, form.password)
      setStage('done')
    } catch (error) {
      if (isInvalidResetLink(error)) setStage('invalid')
      else setFailure(auth.resetFailed)
    }
  }

  if (stage === 'checking') {
    return (
      <div className="container page">
        <LoadingBlock label={text.checking} />
      </div>
    )
  }
  if (stage === 'invalid') {
    return (
      <LinkOutcomeCard
        title={text.invalidTitle}
        text={text.invalidText}
        signInLabel={text.signIn}
        requestNew={{ to: '/forgot-password', label: text.requestNew }}
      />
    )
  }
  if (stage === 'done') {
    return <LinkOutcomeCard title={text.successTitle} text={auth.passwordReset} signInLabel={text.signIn} />
  }
  return (
    <AuthCard icon={<ShieldIcon size={28} />} title={text.title} text={text.text}>
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
      <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        <Field label={text.password} error={errors.password?.message} hint={auth.register.passwordHint}>
          {(control) => <PasswordInput {...control} {...register('password')} purpose="new" />}
        </Field>
        <Field label={text.confirmPassword} error={errors.confirmPassword?.message}>
          {(control) => <PasswordInput {...control} {...register('confirmPassword')} purpose="new" />}
        </Field>
        <AuthSubmitButton isSubmitting={isSubmitting} text={text} />
      </form>
    </AuthCard>
  )
}
