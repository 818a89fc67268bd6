import { useCallback, useEffect, useRef, useState } from 'react'
import { useServerData } from './server-data.ts'

export type Load<T> =
  | { status: 'loading'; data: T | undefined; reload: () => void }
  | { status: 'error'; data: T | undefined; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void }

type Settled<T> = { request: string; isError: boolean; data: T | undefined }

/**
 * Runs `load` now and whenever its inputs (`key`) change or `reload` asks; the answer of an older
 * request is dropped. While a request runs, the previous data stays on screen.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Load<T> {
  const [attempt, setAttempt] = useState(0)
  // Issue 11: a server-rendered page starts with the answer the server embedded, and does not ask again.
  const initial = useServerData(`load ${key}`, load)
  const [settled, setSettled] = useState<Settled<T>>(() =>
    initial
      ? { request: `0\n${key}`, isError: false, data: initial.data }
      : { request: '', isError: false, data: undefined },
  )
  const embeddedRequest = useRef(initial ? `0\n${key}` : null)
  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  const request = `${attempt}\n${key}`

  useEffect(() => {
    if (embeddedRequest.current === request) return
    embeddedRequest.current = null
    const controller = new AbortController()
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, isError: false, data })
      },
      () => {
        if (!controller.signal.aborted) setSettled((current) => ({ request, isError: true, data: current.data }))
      },
    )
    return () => controller.abort()
    // `load` is a new function on every render; `request` names everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request])

  if (settled.request !== request) return { status: 'loading', data: settled.data, reload }
  if (settled.isError) return { status: 'error', data: settled.data, reload }
  return { status: 'ready', data: settled.data as T, reload }
}
