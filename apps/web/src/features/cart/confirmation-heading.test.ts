import { describe, expect, it } from 'vitest'
import { confirmationHeading } from './confirmation-heading.ts'

describe('confirmationHeading', () => {
  it.each([
    ['pending', 'Hvala na narudžbi!', 'Vaša narudžba je zaprimljena. Potvrdu smo poslali na a@b.ba.'],
    ['processing', 'Narudžba je u obradi', 'Vašu narudžbu pripremamo. Obavijesti o njoj šaljemo na a@b.ba.'],
    ['shipped', 'Narudžba je poslana', 'Vaša narudžba je na putu do vas. Obavijesti o njoj šaljemo na a@b.ba.'],
    [
      'ready_for_pickup',
      'Narudžba je spremna za preuzimanje',
      'Narudžbu možete preuzeti u našoj poslovnici. Obavijesti o njoj šaljemo na a@b.ba.',
    ],
    ['completed', 'Narudžba je dovršena', 'Hvala na kupovini! Narudžba je isporučena i zaključena.'],
    ['cancelled', 'Narudžba je otkazana', 'Ova narudžba je otkazana i neće biti isporučena.'],
  ])('%s says what is true for the status', (status, title, text) => {
    expect(confirmationHeading(status, 'a@b.ba')).toMatchObject({ title, text })
  })

  it('never thanks for a cancelled order', () => {
    const heading = confirmationHeading('cancelled', 'a@b.ba')
    expect(heading.title).not.toContain('Hvala')
    expect(heading.text).not.toContain('zaprimljena')
    expect(heading.tone).toBe('cancelled')
  })
})
