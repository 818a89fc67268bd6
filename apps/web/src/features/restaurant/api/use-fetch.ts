import { useCallback, useEffect, useRef, useState } from 'react'

export type Fetched<T> = { data: T | undefined; isError: boolean; isLoading: boolean; retry: () => void }

/** Runs `load` once on mount and again on `retry`; an answer that arrives after unmount is dropped. */
export function useFetch<T>(load: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<{ attempt: number; data?: T; isError: boolean } | null>(null)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  useEffect(() => {
    const controller = new AbortController()
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ attempt, data, isError: false })
      },
      () => {
        if (!controller.signal.aborted) setState((current) => ({ attempt, data: current?.data, isError: true }))
      },
    )
    return () => controller.abort()
  }, [attempt])
  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  const isSettled = state?.attempt === attempt
  return { data: state?.data, isError: isSettled && state.isError, isLoading: !isSettled, retry }
}
