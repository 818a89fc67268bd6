import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { verifyEmail } from '../api/email-verification.ts'
import { LinkOutcomeCard } from '../components/link-outcome-card.tsx'

const text = auth.verifyEmail

type State = { status: 'checking' } | { status: 'verified'; message: string } | { status: 'failed'; message: string }

/** /verify-email/{token}: the link of the verification mail confirms the account, then offers sign-in. */
export function VerifyEmailPage() {
  usePageTitle(text.title)
  const { token = '' } = useParams()
  const [state, setState] = useState<State>({ status: 'checking' })

  useEffect(() => {
    let isCurrent = true
    verifyEmail(token).then(
      (message) => isCurrent && setState({ status: 'verified', message: message || auth.emailVerified }),
      (error: unknown) => {
        // A refused link keeps the server's words; a failure without any (a bare 500) is not an invalid link.
        const message = serverMessageOr(
          error,
          error instanceof ApiError && error.status < 500 && error.status > 0
            ? auth.invalidVerificationToken
            : common.unexpected,
        )
        if (isCurrent) setState({ status: 'failed', message })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [token])

  if (state.status === 'checking') {
    return (
      <div className="container page">
        <LoadingBlock label={text.checking} />
      </div>
    )
  }
  if (state.status === 'verified') {
    return <LinkOutcomeCard title={text.successTitle} text={state.message} signInLabel={text.signIn} />
  }
  return (
    <LinkOutcomeCard
      title={text.failedTitle}
      text={state.message}
      signInLabel={auth.resendVerification.backToSignIn}
      requestNew={{ to: '/resend-verification', label: text.requestNew }}
    />
  )
}
