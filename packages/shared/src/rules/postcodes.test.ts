import { describe, expect, it } from 'vitest'
import { CANTONS } from '../schemas/profile.ts'
import { BIH_POST_OFFICES } from './bih-post-offices.ts'
import {
  checkAddressPlace,
  postcodeDigits,
  postOfficeByCode,
  postOfficesByPlace,
  searchPostOffices,
} from './postcodes.ts'

describe('the list of BiH post offices', () => {
  it('has one office per code, five digits each, and only the forms’ cantons', () => {
    const codes = BIH_POST_OFFICES.map((office) => office.code)
    expect(new Set(codes).size).toBe(codes.length)
    for (const office of BIH_POST_OFFICES) {
      expect(office.code).toMatch(/^[78]\d{4}$/)
      if (office.region !== null) expect(CANTONS).toContain(office.region)
    }
  })

  it.each([
    ['88340', 'Grude'],
    ['88000', 'Mostar'],
    ['88220', 'Široki Brijeg'],
    ['88240', 'Posušje'],
    ['88320', 'Ljubuški'],
    ['71000', 'Sarajevo'],
    ['78000', 'Banja Luka'],
    ['75000', 'Tuzla'],
    ['72000', 'Zenica'],
    ['77000', 'Bihać'],
  ])('%s is %s', (code, place) => {
    expect(postOfficeByCode(code)?.place).toBe(place)
  })
})

describe('postcodes and places', () => {
  it('reads a postcode with or without a ZIP+4 style suffix', () => {
    expect(postcodeDigits(' 88340 ')).toBe('88340')
    expect(postcodeDigits('88340-1234')).toBe('88340')
    expect(postcodeDigits('8834')).toBeNull()
    expect(postOfficeByCode('99999')).toBeNull()
  })

  it('finds a place in any case, without diacritics, in Cyrillic or by an older name', () => {
    for (const written of ['Široki Brijeg', 'siroki brijeg', 'ШИРОКИ БРИЈЕГ', 'Široki']) {
      expect(postOfficesByPlace(written).map((office) => office.code)).toEqual(['88220'])
    }
    expect(postOfficesByPlace('Bosanski Brod').map((office) => office.code)).toEqual(['74450'])
    expect(postOfficesByPlace('Sovići')).toEqual([])
  })

  it('suggests by code prefix or place prefix', () => {
    expect(searchPostOffices('8834').map((office) => office.place)).toEqual(['Grude'])
    expect(searchPostOffices('mos').map((office) => office.code)).toEqual(['88000'])
    expect(searchPostOffices('lju').map((office) => office.place)).toEqual(['Ljubuški', 'Ljubinje'])
    expect(searchPostOffices('', 3)).toHaveLength(3)
    expect(searchPostOffices('xyz')).toEqual([])
  })

  it.each([
    ['Grude', '88340', false, 'Zapadno-Hercegovački kanton'],
    ['grude', '88000', true, null],
    ['Mostar', '88340', true, null],
    ['Sovići', '88340', false, 'Zapadno-Hercegovački kanton'],
    ['Grude', '', false, 'Zapadno-Hercegovački kanton'],
    ['', '78000', false, 'Banjalučka'],
    ['Livno', '80101', false, null],
    ['Grude', '12345', false, 'Zapadno-Hercegovački kanton'],
    ['', '', false, null],
  ])('%s %s: mismatch %s, region %s', (place, code, isMismatch, region) => {
    expect(checkAddressPlace(place, code)).toMatchObject({ isMismatch, region })
  })
})
