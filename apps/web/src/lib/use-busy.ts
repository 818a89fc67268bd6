import { useCallback, useState } from 'react'

/**
 * A flag that is up while an async task runs (a button's spinner, a second press ignored); it comes down
 * however the task ends. `whileBusy(task)` runs the task and gives back its promise.
 */
export function useBusy(): [isBusy: boolean, whileBusy: <T>(task: () => Promise<T>) => Promise<T>] {
  const [isBusy, setIsBusy] = useState(false)
  const whileBusy = useCallback(async <T>(task: () => Promise<T>): Promise<T> => {
    setIsBusy(true)
    try {
      return await task()
    } finally {
      setIsBusy(false)
    }
  }, [])
  return [isBusy, whileBusy]
}
