import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DESCRIBED_AUDIT_ACTIONS } from '@shop/shared/rules/audit-sentence.ts'

// docs/decisions.md 'System logs': the logs page reads every audit action the API writes as a sentence
// (rules/audit-sentence.ts); a new action written anywhere in the API fails here until it is named.
describe('audit actions', () => {
  it('names every action the API writes', () => {
    const root = path.resolve(import.meta.dirname, '../..')
    const written = new Set<string>()
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const file = path.join(folder, name)
        if (statSync(file).isDirectory()) walk(file)
        else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
          const source = readFileSync(file, 'utf8')
          for (const match of source.matchAll(/action: (?:[^,}\n]*\? )?'([a-z_.]+)'(?: : '([a-z_.]+)')?/g)) {
            written.add(match[1]!)
            if (match[2]) written.add(match[2])
          }
        }
      }
    }
    walk(root)
    expect(written.size).toBeGreaterThan(20)
    expect([...written].filter((action) => !DESCRIBED_AUDIT_ACTIONS.includes(action))).toEqual([])
  })
})
