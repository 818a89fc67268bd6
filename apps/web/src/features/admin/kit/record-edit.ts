/**
 * What a staff edit sends besides its values (docs/decisions.md ('Edits that never overwrite each other')): the version its form was opened
 * with and the fields the editor changed.
 */
export type RecordEdit = { version: number; changed: Readonly<Record<string, unknown>> }

/** The body of a PATCH: only the payload's fields the editor changed, and the version. */
export function changedPayload<P extends Record<string, unknown>>(
  payload: P,
  edit: RecordEdit,
): Partial<P> & { version: number } {
  const changed = Object.fromEntries(Object.entries(payload).filter(([key]) => key in edit.changed)) as Partial<P>
  return { ...changed, version: edit.version }
}
