import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_ORDER_VIEW, ORDER_VIEW_KEY, readOrderView } from './use-orders-view.ts'

function fakeStorage(values: Record<string, string>): Storage {
  return {
    getItem: (key: string) => values[key] ?? null,
    setItem: (key: string, value: string) => {
      values[key] = value
    },
  } as Storage
}

afterEach(() => vi.unstubAllGlobals())

describe('readOrderView', () => {
  it('answers the remembered view, and the cards for nothing or anything else stored', () => {
    vi.stubGlobal('localStorage', fakeStorage({ [ORDER_VIEW_KEY]: 'table' }))
    expect(readOrderView()).toBe('table')
    vi.stubGlobal('localStorage', fakeStorage({ [ORDER_VIEW_KEY]: 'cards' }))
    expect(readOrderView()).toBe('cards')
    vi.stubGlobal('localStorage', fakeStorage({ [ORDER_VIEW_KEY]: 'tiles' }))
    expect(readOrderView()).toBe(DEFAULT_ORDER_VIEW)
    vi.stubGlobal('localStorage', fakeStorage({}))
    expect(readOrderView()).toBe('cards')
  })

  it('shows the page when the browser forbids storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError')
      },
    })
    expect(readOrderView()).toBe(DEFAULT_ORDER_VIEW)
  })
})
