import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startIntervalReload } from './use-interval-reload.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('startIntervalReload', () => {
  it('reloads every interval, skips paused ticks and stops when told', () => {
    const reload = vi.fn()
    let paused = false
    const stop = startIntervalReload(reload, 30_000, () => paused)
    vi.advanceTimersByTime(29_999)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledTimes(1)
    paused = true
    vi.advanceTimersByTime(30_000)
    expect(reload).toHaveBeenCalledTimes(1)
    paused = false
    vi.advanceTimersByTime(30_000)
    expect(reload).toHaveBeenCalledTimes(2)
    stop()
    vi.advanceTimersByTime(90_000)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
