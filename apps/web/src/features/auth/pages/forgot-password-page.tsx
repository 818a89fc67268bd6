import { useState } from 'react'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { Alert } from '../../../ui/alert.tsx'
import { ShieldIcon } from '../../../ui/icons.tsx'
import { requestPasswordReset } from '../api/password-reset.ts'
import { EmailRequestCard } from '../components/email-request-card.tsx'

/**
 * /forgot-password (staff-and-content.md §2, §5, §8): always the same neutral answer, even when the
 * call fails, so that the page never tells whether an account exists.
 */
export function ForgotPasswordPage() {
  const [isSent, setIsSent] = useState(false)

  async function send({ email }: { email: string }) {
    setIsSent(false)
    await requestPasswordReset(email).catch(() => undefined)
    setIsSent(true)
  }

  return (
    <EmailRequestCard
      icon={<ShieldIcon size={28} />}
      text={auth.forgotPassword}
      outcome={
        isSent && (
          <Alert tone="success">
            <p>{auth.forgotPasswordSent}</p>
          </Alert>
        )
      }
      onSubmit={send}
    />
  )
}
