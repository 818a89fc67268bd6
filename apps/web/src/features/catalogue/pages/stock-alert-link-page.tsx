import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { stockAlerts as text } from '@shop/shared/messages/bs/stock-alerts.ts'
import { ApiError, serverMessageOr } from '../../../lib/api-client.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import { AlertIcon, CheckCircleIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { confirmStockAlert, unsubscribeStockAlerts } from '../api/stock-alerts.ts'

// The pages of a back-in-stock alert's mailed links (docs/decisions.md ('Back-in-stock alerts'), 'Links'). The mail links
// here, not to the API: the page calls the API once it runs in a browser, so a link scanner that
// fetches the mail's links confirms and ends nothing.

type Outcome =
  | { status: 'working' }
  | { status: 'done'; message: string; productId?: string }
  | { status: 'failed'; message: string }

function useLinkCall(call: () => Promise<{ message: string; productId?: string }>, key: string): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' })
  useEffect(() => {
    let isCurrent = true
    call().then(
      (answer) => isCurrent && setOutcome({ status: 'done', ...answer }),
      (error: unknown) => {
        // A refused link keeps the server's words; a failure without any is not an invalid link.
        const fallback =
          error instanceof ApiError && error.status > 0 && error.status < 500 ? text.tokenInvalid : common.unexpected
        if (isCurrent) setOutcome({ status: 'failed', message: serverMessageOr(error, fallback) })
      },
    )
    return () => {
      isCurrent = false
    }
    // The call is made for its key (the token) only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return outcome
}

function OutcomePage({ title, working, outcome }: { title: string; working: string; outcome: Outcome }) {
  if (outcome.status === 'working') {
    return (
      <div className="container page">
        <LoadingBlock label={working} />
      </div>
    )
  }
  const isDone = outcome.status === 'done'
  return (
    <PageEmptyState
      icon={isDone ? <CheckCircleIcon size={30} /> : <AlertIcon size={30} />}
      title={title}
      text={outcome.message}
      actions={
        <>
          {isDone && outcome.productId && (
            <Link to={`/product/${encodeURIComponent(outcome.productId)}`} className={buttonClassName()}>
              {text.toProduct}
            </Link>
          )}
          <Link to="/store" className={buttonClassName({ variant: isDone && outcome.productId ? 'ghost' : 'primary' })}>
            {text.toStore}
          </Link>
        </>
      }
    />
  )
}

/** /obavijesti/potvrda/{token}: the confirmation mail's link turns the alert on. */
export function StockAlertConfirmPage() {
  usePageTitle(text.confirmTitle)
  const { token = '' } = useParams()
  const outcome = useLinkCall(async () => {
    const answer = await confirmStockAlert(token)
    return { message: answer.message, productId: answer.product.customId }
  }, token)
  return <OutcomePage title={text.confirmTitle} working={text.confirming} outcome={outcome} />
}

/** /obavijesti/odjava/{token}: a mail's unsubscribe link ends the address's waiting alerts. */
export function StockAlertUnsubscribePage() {
  usePageTitle(text.unsubscribeTitle)
  const { token = '' } = useParams()
  const outcome = useLinkCall(async () => ({ message: (await unsubscribeStockAlerts(token)).message }), token)
  return <OutcomePage title={text.unsubscribeTitle} working={text.unsubscribing} outcome={outcome} />
}
