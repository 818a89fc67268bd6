import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { MailIcon } from '../../../ui/icons.tsx'
import { resendVerification } from '../api/email-verification.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { EmailForm } from '../components/email-form.tsx'

const text = auth.resendVerification

type Outcome = { tone: 'success' | 'danger'; message: string }

/** /resend-verification (customer-side.md §2): a new verification link for an unconfirmed account. */
export function ResendVerificationPage() {
  usePageTitle(text.title)
  const [searchParams] = useSearchParams()
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function send({ email }: { email: string }) {
    setOutcome(null)
    try {
      setOutcome({ tone: 'success', message: (await resendVerification(email)) || auth.verificationResent })
    } catch (error) {
      setOutcome({ tone: 'danger', message: serverMessageOr(error, common.unexpected) })
    }
  }

  return (
    <AuthCard
      icon={<MailIcon size={28} />}
      title={text.title}
      text={text.text}
      footer={<Link to="/login">{text.backToSignIn}</Link>}
    >
      {outcome && (
        <Alert tone={outcome.tone}>
          <p>{outcome.message}</p>
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
