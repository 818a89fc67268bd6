import { randomUUID } from 'node:crypto'
import { json, type TestApp } from '../helpers.ts'

/** One operation of the OpenAPI document: `key` is `METHOD /path`, `described` its entry in the document. */
export type DocumentedOperation<Described = unknown> = {
  method: string
  path: string
  key: string
  described: Described
}

/** Every operation of the app's OpenAPI document, so that a route added later is walked without a change here. */
export async function documentedOperations<Described = unknown>(
  test: TestApp,
): Promise<DocumentedOperation<Described>[]> {
  const document = json<{ paths: Record<string, Record<string, Described>> }>(
    await test.app.inject({ method: 'GET', url: '/api/docs/json' }),
  )
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, described]) => ({
      method: method.toUpperCase(),
      path,
      key: `${method.toUpperCase()} ${path}`,
      described,
    })),
  )
}

/** A URL of a documented path, each parameter filled with a well-formed value that names nothing stored. */
export function exampleUrl(path: string): string {
  return path
    .replace('{id}', randomUUID())
    .replace('{email}', 'someone@test.ba')
    .replace('{role}', 'wholesale')
    .replace('{action}', 'add')
    .replace('{token}', 'x'.repeat(64))
    .replace('{*}', 'missing.webp')
    .replace('{file}', 'missing.pdf')
}
