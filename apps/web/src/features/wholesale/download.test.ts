import { describe, expect, it } from 'vitest'
import { downloadError } from './download.ts'

const pdf = { status: 200, contentType: 'application/pdf', size: 2048 }

describe('downloadError', () => {
  it('accepts a non-empty PDF, whatever the parameters or case of its content type', () => {
    expect(downloadError(pdf)).toBeUndefined()
    expect(downloadError({ ...pdf, contentType: 'Application/PDF; qs=1' })).toBeUndefined()
  })

  it('maps a missing catalogue to the not-found message', () => {
    expect(downloadError({ status: 404, contentType: 'application/json', size: 60 })).toBe(
      'Katalog nije pronađen. Molimo kontaktirajte administratora.',
    )
  })

  it('rejects an answer that is not a PDF', () => {
    for (const contentType of ['text/html; charset=utf-8', 'application/octet-stream', null]) {
      expect(downloadError({ ...pdf, contentType })).toBe('Nevažeći format datoteke. Očekivan je PDF.')
    }
  })

  it('rejects an empty PDF', () => {
    expect(downloadError({ ...pdf, size: 0 })).toBe('Katalog je prazan. Molimo kontaktirajte administratora.')
  })

  it('answers the general message to server errors and to no answer at all', () => {
    for (const answer of [{ ...pdf, status: 500 }, { ...pdf, status: 403 }, undefined]) {
      expect(downloadError(answer)).toBe('Greška pri preuzimanju. Pokušajte ponovno.')
    }
  })
})
