import type { Database } from './db.ts'

// The public reads a server render asks for, answered from the domain's services and the response cache directly,
// without an HTTP round trip through the process (docs/decisions.md, 'A render from the services'). A read module
// registers its GET routes here beside registering them with Fastify; the render looks the address up and, for an
// address no read here answers (or one it declines), asks the API in-process as before.

/** A read's answer: the JSON text as the route sends it (through the response cache). */
export type InProcessAnswer = { status: 200; body: string }

/**
 * Answers one address, or undefined to leave it to the route itself (a query the route would refuse, a read that
 * counts the visitor, such as a search). Throws as the service does (a missing product): the caller then asks the
 * route, which answers the error as the client would see it.
 */
export type InProcessRead = (
  params: Record<string, string>,
  query: URLSearchParams,
  url: string,
) => Promise<InProcessAnswer | undefined> | undefined

type Registered = { segments: string[]; read: InProcessRead }

const registries = new WeakMap<Database, Registered[]>()

/** Registers the read of a GET route, by its full path ('/api/products/:id'). */
export function registerInProcessRead(db: Database, path: string, read: InProcessRead): void {
  const registered = registries.get(db) ?? []
  registered.push({ segments: path.split('/'), read })
  registries.set(db, registered)
}

function matches(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!
    const part = parts[index]!
    if (segment.startsWith(':')) {
      if (part === '') return undefined
      try {
        params[segment.slice(1)] = decodeURIComponent(part)
      } catch {
        return undefined
      }
    } else if (segment !== part) return undefined
  }
  return params
}

/** The answer of a registered read for this address ('/api/…?…'), or undefined when none answers it. */
export async function readInProcess(db: Database, url: string): Promise<InProcessAnswer | undefined> {
  const queryStart = url.indexOf('?')
  const pathname = queryStart < 0 ? url : url.slice(0, queryStart)
  const parts = pathname.split('/')
  // Static paths before parameters, as the router orders them ('/api/products/x' is a product, not another route).
  let best: { read: InProcessRead; params: Record<string, string>; dynamic: number } | undefined
  for (const { segments, read } of registries.get(db) ?? []) {
    const params = matches(segments, parts)
    if (!params) continue
    const dynamic = Object.keys(params).length
    if (!best || dynamic < best.dynamic) best = { read, params, dynamic }
  }
  if (!best) return undefined
  const query = new URLSearchParams(queryStart < 0 ? '' : url.slice(queryStart + 1))
  return best.read(best.params, query, url)
}
