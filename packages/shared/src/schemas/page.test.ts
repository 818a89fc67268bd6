import { describe } from 'vitest'
import { itReturns } from '../rules/test-support.ts'
import { lenientPageField } from './page.ts'

describe('lenientPageField: a wrong page number is read as none (the first page)', () => {
  itReturns((input: unknown) => lenientPageField.parse(input), '%j -> %s', [
    ['3', 3],
    [2, 2],
    [undefined, undefined],
    ['', undefined],
    ['0', undefined],
    ['-1', undefined],
    ['2.5', undefined],
    ['druga', undefined],
  ])
})
