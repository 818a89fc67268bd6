import type { z } from 'zod'

/** The message a failed parse answers, the first issue's as the API answers it; undefined when `input` passes. */
export function firstIssueMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input)
  return result.success ? undefined : result.error.issues[0]?.message
}
