import { z } from 'zod'
import { messages } from '../messages/bs.ts'

/**
 * The version a staff form was opened with (docs/decisions.md ('Edits that never overwrite each other')): required on every staff edit, so a
 * save from an older version is refused instead of overwriting a colleague's change. 0 is a settings
 * document that has never been saved.
 */
export const recordVersion = z
  .number({ error: messages.recordVersions.required })
  .int(messages.recordVersions.required)
  .min(0, messages.recordVersions.required)
  .max(2_147_483_647, messages.recordVersions.required)
  .describe('The version the form was opened with (from the GET); a newer saved version answers 409 STALE_VERSION')

/** A staff edit's body: the form's fields plus the version it was opened with. */
export function withVersion<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({ version: recordVersion })
}

/** For a form schema that transforms its input (not a plain object): `z.intersection(form, versionOnly)`. */
export const versionOnly = z.object({ version: recordVersion })
