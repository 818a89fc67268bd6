import { useCallback, useState } from 'react'
import { useToast } from '../../../ui/toast.tsx'
import { failureMessage } from './failure.ts'

export type ActionTexts = {
  /** The success toast; none when left out. */
  done?: string
} & (
  | {
      /** §8's fallback for this action, shown when the server says nothing itself. */
      failed: string
      /** Overrides the mapping of an error to a text. */
      message?: (error: unknown) => string
    }
  | {
      failed?: undefined
      /** The whole mapping of an error to a text (e.g. §8 'Product save shows the error's message'). */
      message: (error: unknown) => string
    }
)

export type ActionOutcome<T> = { ok: true; value: T } | { ok: false; message: string }

/**
 * One staff write: runs it, shows the success toast, or keeps the failure text (the server's message
 * or §8's fallback) in `error` for the page or dialog to show. `isBusy` drives the button spinner.
 */
export function useStaffAction() {
  const toast = useToast()
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const run = useCallback(
    async <T>(action: () => Promise<T>, texts: ActionTexts): Promise<ActionOutcome<T>> => {
      setError(null)
      setIsBusy(true)
      try {
        const value = await action()
        if (texts.done) toast.show(texts.done, 'success')
        return { ok: true, value }
      } catch (caught) {
        const message = texts.message ? texts.message(caught) : failureMessage(caught, texts.failed ?? '')
        setError(message)
        return { ok: false, message }
      } finally {
        setIsBusy(false)
      }
    },
    [toast],
  )

  const clearError = useCallback(() => setError(null), [])
  return { run, error, isBusy, setError, clearError }
}

export type StaffAction = ReturnType<typeof useStaffAction>
