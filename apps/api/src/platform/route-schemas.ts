import { z } from 'zod'

// Schemas that many modules' routes declare the same way; a module's own payloads live in packages/shared/src/schemas.

/** The params of a route addressed by one record's id, described for the OpenAPI document ('Product id (UUID)'). */
export function idParams(description: string) {
  return z.object({ id: z.string().describe(description) })
}

/** The answer of a staff delete: the id deleted and the message that says so. */
export const deletedAnswer = z.object({ id: z.string(), message: z.string() })
