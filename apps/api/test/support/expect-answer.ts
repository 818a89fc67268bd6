import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { json } from '../helpers.ts'

/**
 * A create's answer: 201 and the saved entity with the expected fields, a new id that `_id` repeats and
 * the server's timestamps. Answers the entity.
 */
export function expectCreated<T extends { id: string }>(
  response: LightMyRequestResponse,
  fields: Record<string, unknown>,
): T {
  expect(response.statusCode).toBe(201)
  const body = json<T>(response)
  const serverTime: unknown = expect.any(String)
  // A record staff edit with a version starts at version 1 (docs/decisions.md ('Edits that never overwrite each other')).
  const version = typeof body === 'object' && body !== null && 'version' in body ? { version: 1 } : {}
  expect(body).toEqual({
    id: body.id,
    _id: body.id,
    ...fields,
    createdAt: serverTime,
    updatedAt: serverTime,
    ...version,
  })
  return body
}

/** An error answer (STYLE §4): its status and the whole `{ message, error, code }` body, with any details it names. */
export function expectErrorAnswer(
  response: LightMyRequestResponse,
  status: number,
  body: { message: string; error: string; code: string; [detail: string]: unknown },
): void {
  expect(response.statusCode).toBe(status)
  expect(json(response)).toEqual(body)
}

/** A refusal by a route's schema (STYLE §4): 400 VALIDATION_FAILED with the failing field's message. */
export function expectValidationFailed(response: LightMyRequestResponse, message: string): void {
  expectErrorAnswer(response, 400, { message, error: 'Bad Request', code: 'VALIDATION_FAILED' })
}
