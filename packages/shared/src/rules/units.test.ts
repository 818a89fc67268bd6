import { describe, expect, it } from 'vitest'
import { DEFAULT_UNIT, UNITS, isUnit, packedPieces, perUnit, quantityInUnit, unitOf } from './units.ts'

describe('units of measure', () => {
  it('knows the six units and defaults to pieces', () => {
    expect(UNITS).toEqual(['kom', 'm', 'm²', 'kg', 'l', 'pak'])
    expect(DEFAULT_UNIT).toBe('kom')
  })

  it('accepts only the listed units', () => {
    for (const unit of UNITS) expect(isUnit(unit)).toBe(true)
    for (const value of ['M', 'm2', 'kom.', '', null, 3]) expect(isUnit(value)).toBe(false)
  })

  it('reads a missing or unknown unit as pieces', () => {
    expect(unitOf({ unit: 'm' })).toBe('m')
    expect(unitOf({})).toBe('kom')
    expect(unitOf({ unit: 'cm' })).toBe('kom')
  })

  it('shows pieces as the bare number and names every other unit', () => {
    expect(quantityInUnit(2, 'kom')).toBe('2')
    expect(quantityInUnit(51, 'm')).toBe('51 m')
    expect(quantityInUnit(3, 'm²')).toBe('3 m²')
    expect(perUnit('kom')).toBe('')
    expect(perUnit('kg')).toBe(' / kg')
  })

  it('counts a line in metres or kilograms as one packed piece', () => {
    expect(packedPieces([])).toBe(0)
    expect(
      packedPieces([
        { quantity: 3, unit: 'kom' },
        { quantity: 51, unit: 'm' },
        { quantity: 2, unit: 'pak' },
      ]),
    ).toBe(5)
  })
})
