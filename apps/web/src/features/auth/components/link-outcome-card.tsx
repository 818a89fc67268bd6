import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClassName, type ButtonLook } from '../../../ui/button.tsx'
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx'
import { AuthCard } from './auth-card.tsx'

type LinkOutcomeCardProps = {
  title: ReactNode
  text: ReactNode
  signInLabel: ReactNode
  /** Where a failed link leads to ask for a new one; none when the link worked. */
  requestNew?: { to: string; label: ReactNode }
}

/**
 * How a link from a mail (verify the e-mail, reset the password) ended: done, with the way to sign in,
 * or no longer valid, with the way to ask for a new link first.
 */
export function LinkOutcomeCard({ title, text, signInLabel, requestNew }: LinkOutcomeCardProps) {
  const signIn = (look: ButtonLook) => (
    <Link to="/login" className={buttonClassName(look)}>
      {signInLabel}
    </Link>
  )
  return (
    <AuthCard
      icon={requestNew ? <AlertIcon size={28} /> : <CheckCircleIcon size={28} />}
      title={title}
      text={text}
      footer={
        requestNew ? (
          <>
            <Link to={requestNew.to} className={buttonClassName()}>
              {requestNew.label}
            </Link>
            {signIn({ variant: 'ghost' })}
          </>
        ) : (
          signIn({})
        )
      }
    />
  )
}
