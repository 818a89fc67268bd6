import { describe } from 'vitest'
import { itReturns } from '@shop/shared/rules/test-support.ts'
import { safeReturnPath } from './return-url.ts'

describe('safeReturnPath', () => {
  itReturns(safeReturnPath, '%s -> %s', [
    ['/account', '/account'],
    ['/orders?page=2#top', '/orders?page=2#top'],
    ['/store?category=alati', '/store?category=alati'],
    ['/admin/../account', '/account'],
    [null, null],
    ['', null],
    ['account', null],
    ['https://evil.example/', null],
    ['//evil.example/path', null],
    ['/\\evil.example', null],
    ['/.//evil.example', null],
    ['/./\\evil.example', null],
    ['/a/..//evil.example', null],
    ['/%2e//evil.example', null],
    ['/\t/evil.example', null],
    ['javascript:alert(1)', null],
    ['/login', null],
    ['/login?returnUrl=/account', null],
  ])
})
