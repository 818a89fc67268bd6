import { useCallback, useEffect, useRef, useState } from 'react'
import { useServerData, type KeyedLoad, type Loader, type LoadPlan } from './server-data.ts'

/**
 * What a page knows of one load. `data` is the last answer, of any key: it stays on screen while
 * the next request runs or after it failed (a list keeps its rows while its next page loads); only
 * `status: 'ready'` says it answers the current key. `error` is the failure of the current request.
 */
export type Load<T> = { reload: () => void } & (
  | { status: 'loading'; data: T | undefined; error?: undefined }
  | { status: 'error'; data: T | undefined; error: unknown }
  | { status: 'ready'; data: T; error?: undefined }
)

/** A load whose key is null: nothing is asked (yet); `data` keeps the last answer. */
export type IdleLoad<T> = { status: 'idle'; data: T | undefined; error?: undefined; reload: () => void }

type Settled<T> = { request: string; data: T | undefined; error?: { reason: unknown } }

/**
 * Runs `load` now and whenever `key` changes or `reload` asks, aborting the request before, so that
 * a late answer for old inputs never replaces the current one. `key` names everything `load` depends
 * on and is unique on the page (the server render embeds answers by it); null loads nothing.
 */
export function useLoad<T>(load: Loader<T>, key: string): Load<T>
export function useLoad<T>(load: Loader<T>, key: string | null): Load<T> | IdleLoad<T>
export function useLoad<T>(load: Loader<T>, key: string | null): Load<T> | IdleLoad<T> {
  const [attempt, setAttempt] = useState(0)
  // A server-rendered page starts with the answer the server embedded and does not ask again
  // (lib/server-data.ts).
  const initial = useServerData(key === null ? null : embeddedKey(key), load)
  const [settled, setSettled] = useState<Settled<T>>(() => ({
    request: initial ? `0\n${key}` : '',
    data: initial?.data,
  }))
  const embeddedRequest = useRef(initial ? `0\n${key}` : null)
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  const reload = useCallback(() => setAttempt((count) => count + 1), [])
  const request = key === null ? null : `${attempt}\n${key}`

  useEffect(() => {
    if (request === null || embeddedRequest.current === request) return
    embeddedRequest.current = null
    const controller = new AbortController()
    loadRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, data })
      },
      (reason: unknown) => {
        if (!controller.signal.aborted) setSettled((current) => ({ request, data: current.data, error: { reason } }))
      },
    )
    return () => controller.abort()
  }, [request])

  if (request === null) return { status: 'idle', data: settled.data, reload }
  if (settled.request !== request) return { status: 'loading', data: settled.data, reload }
  if (settled.error) return { status: 'error', data: settled.data, error: settled.error.reason, reload }
  return { status: 'ready', data: settled.data as T, reload }
}

/** The key under which the server embeds a `useLoad` answer (its plan starts the same). */
export function embeddedKey(key: string): string {
  return `load ${key}`
}

/** A load with its key, for a page that both renders it (`useLoad(keyed.load, keyed.key)`) and plans it. */
export function keyedLoad<T>(key: string, load: Loader<T>): KeyedLoad<T> {
  return { key, load }
}

/** A plan for a page whose loads do not depend on its address or on each other: all of them at once. */
export function planOf(...loads: readonly KeyedLoad<unknown>[]): LoadPlan {
  return async (_address, start) => {
    await Promise.all(loads.map(start))
  }
}

/** The answer for the current key only: undefined while it loads, after it failed, or when idle. */
export function currentData<T>(load: Load<T> | IdleLoad<T>): T | undefined {
  return load.status === 'ready' ? load.data : undefined
}
