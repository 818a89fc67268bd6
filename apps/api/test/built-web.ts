import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { buildTestApp, type TestApp } from './helpers.ts'
import { useTestApp } from './support/use-test-app.ts'

const root = path.resolve(import.meta.dirname, '..', '..', '..')

/**
 * The web app as `npm run build` makes it (the browser's files and, in server/, the server render with
 * the route table), in a folder of its own for WEB_DIST; a few seconds. Remove it with `fs.rmSync`.
 */
export function buildWebApp(prefix: string): string {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'],
    // As `npm run build` runs it: vitest's NODE_ENV=test would compile JSX for React's development build.
    { cwd: path.join(root, 'apps', 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  return outDir
}

/**
 * The file's test app serving a fresh build of the web app (buildWebApp) as WEB_DIST: both made before the
 * file's first test (useTestApp), the build removed after its last. `web.dist` is the build's folder.
 */
export function useBuiltWebTestApp(prefix: string): { test: TestApp; web: { dist: string } } {
  const web = { dist: '' }
  const test = useTestApp(() => {
    web.dist = buildWebApp(prefix)
    return buildTestApp({ WEB_DIST: web.dist })
  })
  afterAll(() => {
    if (web.dist) fs.rmSync(web.dist, { recursive: true, force: true })
  })
  return { test, web }
}
