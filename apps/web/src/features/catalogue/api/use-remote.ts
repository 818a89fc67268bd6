import { useEffect, useRef, useState } from 'react'
import { useServerData } from '../../../lib/server-data.ts'

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
  // Issue 11: a server-rendered page starts with the answer the server embedded, and does not ask again.
  const initial = useServerData(key === null ? null : `remote ${key}`, load)
  const [settled, setSettled] = useState<Settled<T> | null>(() =>
    initial && key !== null ? { key, data: initial.data } : null,
  )
  const [latestData, setLatestData] = useState<T | undefined>(() => initial?.data)
  const embeddedKey = useRef(initial ? key : null)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  useEffect(() => {
    if (key === null) return
    if (embeddedKey.current === key) return
    embeddedKey.current = null
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
