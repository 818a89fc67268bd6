import type { ReactNode } from 'react'
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
