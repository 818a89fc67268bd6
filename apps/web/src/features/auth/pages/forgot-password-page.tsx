import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { ShieldIcon } from '../../../ui/icons.tsx'
import { requestPasswordReset } from '../api/password-reset.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { EmailForm } from '../components/email-form.tsx'

const text = auth.forgotPassword

/**
 * /forgot-password (staff-and-content.md §2, §5, §8): always the same neutral answer, even when the
 * call fails, so that the page never tells whether an account exists.
 */
export function ForgotPasswordPage() {
  usePageTitle(text.title)
  const [searchParams] = useSearchParams()
  const [isSent, setIsSent] = useState(false)

  async function send({ email }: { email: string }) {
    setIsSent(false)
    await requestPasswordReset(email).catch(() => undefined)
    setIsSent(true)
  }

  return (
    <AuthCard
      icon={<ShieldIcon size={28} />}
      title={text.title}
      text={text.text}
      footer={<Link to="/login">{text.backToSignIn}</Link>}
    >
      {isSent && (
        <Alert tone="success">
          <p>{auth.forgotPasswordSent}</p>
        </Alert>
      )}
      <EmailForm
        label={text.email}
        submitLabel={text.submit}
        submittingLabel={text.submitting}
        defaultEmail={searchParams.get('email') ?? ''}
        onSubmit={send}
      />
    </AuthCard>
  )
}
