import { afterAll, beforeAll } from 'vitest'
import type { Role } from '@shop/shared/rules/roles.ts'
import { buildTestApp, signInAs, type TestApp } from '../helpers.ts'

// One app per test file, built in beforeAll and closed in afterAll. Vitest runs a file's beforeAll
// hooks one after another in the order they were registered, so a hook registered after
// useTestApp finds the app built. Read the returned objects inside tests and hooks only: at the
// top of a file they are still empty.

/** The file's test app, built before its first test and closed after its last. */
export function useTestApp(build: () => Promise<TestApp> = () => buildTestApp()): TestApp {
  const test = {} as TestApp
  beforeAll(async () => {
    Object.assign(test, await build())
  })
  afterAll(async () => {
    await test.close()
  })
  return test
}

/** The headers of a fresh user with the role (signInAs, with its `email`), signed in before the file's first test. */
export function useSignInAs(test: TestApp, role: Role, email?: string): Record<string, string> {
  const headers: Record<string, string> = {}
  beforeAll(async () => {
    Object.assign(headers, await signInAs(test, role, email))
  })
  return headers
}
