import { describe, expect, it } from 'vitest'
import { itReturns } from '@shop/shared/rules/test-support.ts'
import { typeDateOfBirth } from './date-of-birth-typing.ts'

/** What the field shows after each key of `keys`, typed one by one into an empty field. */
function typeKeys(keys: string): string {
  let value = ''
  for (const key of keys) value = typeDateOfBirth(value + key)
  return value
}

describe('typeDateOfBirth (customer-side.md §5: DD/MM/GGGG, slashes inserted while typing)', () => {
  itReturns(typeKeys, 'typing %j key by key shows %j', [
    ['15031990', '15/03/1990'],
    ['15/3/1990', '15/03/1990'],
    ['15/03/1990', '15/03/1990'],
    ['1/3/1990', '01/03/1990'],
    ['5/11/2001', '05/11/2001'],
    ['15.3.1990', '15/03/1990'],
    ['150', '15/0'],
    ['15/', '15/'],
    ['1/', '01/'],
    // Year first: turned round to DD/MM/GGGG once the day is complete.
    ['1990-03-15', '15/03/1990'],
    ['19900315', '15/03/1990'],
    ['1990-3-5', '1990-03-5'],
    ['1990-3-05', '05/03/1990'],
    ['2005-06-01', '01/06/2005'],
    ['2001.12.24', '24/12/2001'],
  ])

  itReturns(typeDateOfBirth, 'a pasted %j becomes %j', [
    ['1990-03-15', '15/03/1990'],
    [' 2004-2-9 ', '09/02/2004'],
    ['15/3/1990', '15/03/1990'],
    ['15.03.1990.', '15/03/1990'],
    ['150319901234', '15/03/1990'],
    ['', ''],
    ['abc', ''],
  ])

  it('lets the person delete back over a slash', () => {
    expect(typeDateOfBirth('15/0')).toBe('15/0')
    expect(typeDateOfBirth('15/')).toBe('15/')
    expect(typeDateOfBirth('15')).toBe('15')
  })

  it('shows a date typed year first as typed until its day is complete', () => {
    expect(['1990', '1990-', '1990-0', '1990-03', '1990-03-', '1990-03-1'].map((keys) => typeKeys(keys))).toEqual([
      '1990',
      '1990-',
      '1990-0',
      '1990-03',
      '1990-03-',
      '1990-03-1',
    ])
  })

  it('never gives more than 10 characters', () => {
    expect(typeKeys('31/12/19999').length).toBe(10)
  })
})
