import { describe } from 'vitest'
import { messages } from '../messages/bs.ts'
import { auditLogQuery } from './admin-logs.ts'
import { itRefuses } from './test-cases.ts'

const text = messages.adminLogs

describe('auditLogQuery: from and to are real calendar days, in order', () => {
  itRefuses(auditLogQuery, '%j -> %s', [
    [{}, undefined],
    [{ from: '', to: ' ' }, undefined],
    [{ from: '2024-02-29', to: '2024-03-01' }, undefined],
    [{ from: '2026-02-30' }, text.invalidDate],
    [{ to: '2026-13-01' }, text.invalidDate],
    [{ to: '2026-1-5' }, text.invalidDate],
    [{ from: 'yesterday' }, text.invalidDate],
    [{ from: '2026-03-02', to: '2026-03-01' }, text.rangeReversed],
  ])
})
