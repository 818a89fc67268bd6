import { useState } from 'react'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { MailIcon } from '../../../ui/icons.tsx'
import { resendVerification } from '../api/email-verification.ts'
import { EmailRequestCard, type EmailRequestOutcome } from '../components/email-request-card.tsx'

/** /resend-verification (customer-side.md §2): a new verification link for an unconfirmed account. */
export function ResendVerificationPage() {
  const [outcome, setOutcome] = useState<EmailRequestOutcome | null>(null)

  async function send({ email }: { email: string }) {
    setOutcome(null)
    try {
      setOutcome({ tone: 'success', message: (await resendVerification(email)) || auth.verificationResent })
    } catch (error) {
      setOutcome({ tone: 'danger', message: serverMessageOr(error, common.unexpected) })
    }
  }

  return (
    <EmailRequestCard icon={<MailIcon size={28} />} text={auth.resendVerification} outcome={outcome} onSubmit={send} />
  )
}
