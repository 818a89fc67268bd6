import type { ReactNode } from 'react'
import { Button } from './button.tsx'
import { classNames } from './class-names.ts'
import { AlertIcon, CheckCircleIcon } from './icons.tsx'

type AlertProps = {
  tone?: 'danger' | 'success' | 'info'
  children: ReactNode
  className?: string
}

/** A message in the flow of the page; errors are announced at once (role alert). */
export function Alert({ tone = 'info', children, className }: AlertProps) {
  return (
    <div
      className={classNames('ui-alert', `ui-alert--${tone}`, className)}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      {tone === 'success' ? <CheckCircleIcon className="ui-alert__icon" /> : <AlertIcon className="ui-alert__icon" />}
      <div>{children}</div>
    </div>
  )
}

type RetryAlertProps = { message: ReactNode; retryLabel: ReactNode; onRetry: () => void }

/** A failed load in the flow of the page, with a button that tries it again. */
export function RetryAlert({ message, retryLabel, onRetry }: RetryAlertProps) {
  return (
    <Alert tone="danger">
      {message}{' '}
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  )
}
