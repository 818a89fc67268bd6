import { useEffect, useRef, useState } from 'react'

type Settled<T> = { key: string; data?: T; error?: unknown }

export type Remote<T> = {
  /** The answer for the current key. */
  data: T | undefined
  /** The last answer of any key: lets a list stay on screen while its next page loads. */
  latestData: T | undefined
  error: unknown
  isLoading: boolean
}

/**
 * Loads `load` whenever `key` changes (null: nothing to load), aborting the previous request, so
 * that a late answer for old filters can never replace the answer for the current ones.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null)
  const [latestData, setLatestData] = useState<T | undefined>(undefined)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  useEffect(() => {
    if (key === null) return
    const controller = new AbortController()
    loadRef.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return
        setSettled({ key, data })
        setLatestData(data)
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, error })
      },
    )
    return () => controller.abort()
  }, [key])
  const isCurrent = settled !== null && settled.key === key
  return {
    data: isCurrent ? settled.data : undefined,
    latestData,
    error: isCurrent ? settled.error : undefined,
    isLoading: key !== null && !isCurrent,
  }
}
