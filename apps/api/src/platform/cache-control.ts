import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * How long a shared cache (a CDN in front) may keep a public catalogue answer for anonymous visitors.
 * Browsers keep none (max-age=0): a guest who has just ordered must see the new stock on the next
 * page, and the server's own response cache already answers a repeated read in well under a millisecond.
 */
export const SHARED_MAX_AGE_SECONDS = 10

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary')
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  if (!values.some((value) => value.toLowerCase() === name.toLowerCase())) values.push(name)
  reply.header('vary', values.join(', '))
}

/**
 * docs/decisions.md, 'Security': catalogue answers may carry wholesale prices, which depend on the caller's token.
 * A shared cache or CDN in front must never hand one caller's answer to another: an anonymous
 * answer may be kept by a shared cache for a few seconds and varies by Authorization (a signed-in request never gets
 * it); a signed-in caller's answer is private and revalidated (staff see their edits at once).
 * Errors are not stored at all. Used as a route's onSend hook, after every other header is set.
 */
export async function catalogueCaching(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode >= 400) {
    reply.header('cache-control', 'no-store')
  } else if (request.headers.authorization) {
    reply.header('cache-control', 'private, no-cache')
  } else {
    reply.header('cache-control', `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}`)
  }
  addVary(reply, 'Authorization')
  return payload
}

/** An answer computed for one caller (a cart quote): stored by nobody. */
export async function privateAnswer(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'private, no-store')
  return payload
}
