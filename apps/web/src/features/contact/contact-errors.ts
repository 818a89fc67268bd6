export type ContactErrors = Partial<Record<'name' | 'email' | 'message', string>>

type Issue = { path: ReadonlyArray<PropertyKey>; message: string }

/** The first message per field of the contact form, from the schema's issues. */
export function fieldErrors(issues: readonly Issue[]): ContactErrors {
  const errors: ContactErrors = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if ((field === 'name' || field === 'email' || field === 'message') && !errors[field]) errors[field] = issue.message
  }
  return errors
}
