import { useState } from 'react'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { ShieldIcon } from '../../../ui/icons.tsx'
import { requestPasswordReset } from '../api/password-reset.ts'
import { EmailRequestCard, type EmailRequestOutcome } from '../components/email-request-card.tsx'

/**
 * /forgot-password (staff-and-content.md §2, §5, §8): always the same neutral answer, even when the
 * call fails, so that the page never tells whether an account exists.
 */
export function ForgotPasswordPage() {
  const [outcome, setOutcome] = useState<EmailRequestOutcome | null>(null)

  async function send({ email }: { email: string }) {
    setOutcome(null)
    await requestPasswordReset(email).catch(() => undefined)
    setOutcome({ tone: 'success', message: auth.forgotPasswordSent })
  }

  return (
    <EmailRequestCard icon={<ShieldIcon size={28} />} text={auth.forgotPassword} outcome={outcome} onSubmit={send} />
  )
}
