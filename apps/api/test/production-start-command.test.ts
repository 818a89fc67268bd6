import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_ROOT } from './support/api-process.ts'

// docs/decisions.md, 'Memory of one process: the young generation and libraries loaded when used': every way the
// shop's server is started in production bounds V8's young generation, so the guide's memory figure holds.

const REPOSITORY = path.resolve(API_ROOT, '..', '..')
const BOUND = '--max-semi-space-size=16'

const read = (file: string) => fs.readFileSync(path.join(REPOSITORY, file), 'utf8')
const startScript = (file: string) => (JSON.parse(read(file)) as { scripts: Record<string, string> }).scripts.start

describe('the production start command', () => {
  it('bounds the young generation in npm start, the API workspace start and the guide', () => {
    expect(startScript('package.json')).toContain(BOUND)
    expect(startScript('apps/api/package.json')).toContain(BOUND)
    const guide = read('docs/production.md')
    const execStart = guide.split('\n').find((line) => line.startsWith('ExecStart='))
    expect(execStart).toContain(`${BOUND} apps/api/dist/main.js`)
  })
})
