type Issue = { readonly path: readonly PropertyKey[]; readonly message: string }

/** The first message of a schema's issues for each top-level field, e.g. { name: 'Naziv je obavezan' }. */
export function firstErrorPerField(issues: readonly Issue[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message
  return errors
}
