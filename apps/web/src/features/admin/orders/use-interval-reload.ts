import { useEffect, useRef } from 'react'

/** Calls `reload` every `intervalMs` unless `isPaused()` answers true; answers the function that stops it. */
export function startIntervalReload(reload: () => void, intervalMs: number, isPaused: () => boolean): () => void {
  const timer = setInterval(() => {
    if (!isPaused()) reload()
  }, intervalMs)
  return () => clearInterval(timer)
}

/**
 * staff-and-content.md §2, §9: the orders list reloads itself every 30 seconds. A tick is skipped
 * while `isPaused()` answers true (a status change on its way); the timer stops on unmount.
 */
export function useIntervalReload(reload: () => void, intervalMs: number, isPaused: () => boolean): void {
  const latest = useRef({ reload, isPaused })
  useEffect(() => {
    latest.current = { reload, isPaused }
  })
  useEffect(
    () =>
      startIntervalReload(
        () => latest.current.reload(),
        intervalMs,
        () => latest.current.isPaused(),
      ),
    [intervalMs],
  )
}
