import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { account } from '@shop/shared/messages/bs/account.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { confirmAccountDeletion } from '../api/profile.ts'
import './account-page.css'

type Stage = { kind: 'ask' } | { kind: 'failed'; message: string } | { kind: 'done'; message: string }

/**
 * /obrisi-racun/{token}, from the deletion mail (docs/decisions.md, 'Their own data'): opening the link deletes
 * nothing; the button does, once, and signs this browser out.
 */
export function DeleteAccountPage() {
  usePageTitle(account.deleteConfirmTitle)
  const { token = '' } = useParams()
  const { user, signOut } = useSession()
  const [stage, setStage] = useState<Stage>({ kind: 'ask' })
  const [isDeleting, whileDeleting] = useBusy()

  async function confirm() {
    try {
      const { message } = await whileDeleting(() => confirmAccountDeletion(token))
      if (user) signOut()
      setStage({ kind: 'done', message })
    } catch (error) {
      setStage({ kind: 'failed', message: error instanceof ApiError ? error.message : account.deleteLinkInvalid })
    }
  }

  return (
    <div className="container page account-delete">
      <section className="ui-card account-delete__card" aria-labelledby="account-delete-title">
        <h1 id="account-delete-title">{account.deleteConfirmTitle}</h1>
        {stage.kind === 'done' ? (
          <>
            <Alert tone="success">
              <p>{stage.message}</p>
            </Alert>
            <Link to="/" className={buttonClassName()}>
              {account.backHome}
            </Link>
          </>
        ) : (
          <>
            <p>{account.deleteConfirmText}</p>
            {stage.kind === 'failed' && (
              <Alert tone="danger">
                <p>{stage.message}</p>
              </Alert>
            )}
            <Button variant="danger" onClick={() => void confirm()} isLoading={isDeleting}>
              {account.deleteConfirmAction}
            </Button>
          </>
        )}
      </section>
    </div>
  )
}
