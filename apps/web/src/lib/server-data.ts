import { createContext, use, useContext } from 'react'
import { SERVER_DATA_ID } from './server-data-id.ts'

// The storefront pages are rendered on the server (entry-server.tsx) from the same API
// answers the page would fetch, and those answers travel in the HTML (a JSON script) so that the
// first render in the browser (the hydration) has them without asking the server again.

export { SERVER_DATA_ID }

export type Loader<T> = (signal: AbortSignal) => Promise<T>

/** Given by entry-server.tsx during a server render: runs a page's loads once per key. */
export type ServerLoads = { read<T>(key: string, load: Loader<T>): Promise<{ data: T } | undefined> }

/** A load and the key its answer is embedded under: what a page hands `useLoad`, and what its plan starts. */
export type KeyedLoad<T> = { load: Loader<T>; key: string }

/** Starts one of a page's loads before the render (as `useLoad` would); its answer, undefined when it failed. */
export type StartLoad = <T>(keyed: KeyedLoad<T>) => Promise<T | undefined>

/** The address a plan reads: the route's parameters and the query ('?category=…', or ''). */
export type PlannedAddress = { params: Readonly<Record<string, string | undefined>>; search: string }

/**
 * The loads a server-rendered page makes for an address, started before its render, so that the page renders in one
 * pass from answers already there (docs/decisions.md, 'Loads planned before the render'). A load the page makes that
 * its plan did not start costs time, never correctness: the server then renders the page as it waits for data.
 */
export type LoadPlan = (address: PlannedAddress, start: StartLoad) => Promise<void>

export const ServerLoadsContext = createContext<ServerLoads | null>(null)

type Embedded = Record<string, unknown>
let embedded: Embedded | null | undefined

function readEmbedded(): Embedded | null {
  if (embedded !== undefined) return embedded
  if (typeof document === 'undefined') return null
  try {
    const text = document.getElementById(SERVER_DATA_ID)?.textContent
    const parsed: unknown = text ? JSON.parse(text) : null
    embedded = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Embedded) : null
  } catch {
    embedded = null
  }
  return embedded
}

/** True while the page the server rendered is being hydrated (until the first navigation). */
export function isServerRendered(): boolean {
  return readEmbedded() !== null
}

/**
 * The embedded answers belong to the address the server rendered: after the first navigation a
 * page loads its own (a product seen again later must not show the stock of the first visit).
 */
export function forgetServerData(): void {
  embedded = null
}

/**
 * The data a load hook starts with: on the server the load's answer (the render waits for it), in
 * the browser the answer the server embedded for this key, if any. `key` must be unique on a page.
 */
export function useServerData<T>(key: string | null, load: Loader<T>): { data: T } | undefined {
  const server = useContext(ServerLoadsContext)
  if (key === null) return undefined
  if (server) return use(server.read(key, load))
  const data = readEmbedded()
  return data && Object.hasOwn(data, key) ? { data: data[key] as T } : undefined
}
