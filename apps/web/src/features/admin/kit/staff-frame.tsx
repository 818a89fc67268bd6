import type { ReactNode } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { Alert, RetryAlert } from '../../../ui/alert.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import type { Load } from '../../../lib/use-load.ts'
import { StaffLayout } from './staff-layout.tsx'
import { useLeaveGuard } from './use-leave-guard.tsx'

/** A load of the page with its §8 failure text ('Failed to load categories. Please try again.'). */
export type FrameLoad = { load: Load<unknown>; failed: string }

type StaffFrameProps = {
  title: string
  badge?: ReactNode
  actions?: ReactNode
  /**
   * What the page loads. A failed one shows its text with 'Try Again' (loads that share a text share
   * one alert, whose button retries them all). Until the FIRST load has data, a spinner stands in
   * for the children.
   */
  loads?: readonly FrameLoad[]
  /** Page-level failures (a delete, a status change), shown above the content. */
  errors?: readonly (string | null | undefined)[]
  /** The page holds unsaved changes: leaving asks first (the kit's unsaved-draft guard). */
  isDirty?: boolean
  children: ReactNode
}

/**
 * The frame of a staff page: StaffLayout (menu, back link, heading, actions) with the load states
 * (spinner, failure text and 'Try Again'), page errors and the unsaved-draft guard.
 */
export function StaffFrame({
  title,
  badge,
  actions,
  loads = [],
  errors = [],
  isDirty = false,
  children,
}: StaffFrameProps) {
  const leaveGuard = useLeaveGuard(isDirty)
  const failedTexts = [...new Set(loads.filter((entry) => entry.load.status === 'error').map((entry) => entry.failed))]
  const first = loads[0]?.load
  const isWaiting = first !== undefined && first.data === undefined
  return (
    <StaffLayout title={title} badge={badge} actions={actions}>
      {errors.filter(Boolean).map((message) => (
        <Alert key={message} tone="danger">
          {message}
        </Alert>
      ))}
      {failedTexts.map((failed) => (
        <RetryAlert
          key={failed}
          message={failed}
          retryLabel={admin.staff.tryAgain}
          onRetry={() => {
            for (const entry of loads) if (entry.failed === failed) entry.load.reload()
          }}
        />
      ))}
      {isWaiting && first.status === 'loading' && <LoadingBlock label={common.loading} />}
      {!isWaiting && children}
      {leaveGuard}
    </StaffLayout>
  )
}
