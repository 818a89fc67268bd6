import { describe, expect, it } from 'vitest'
import { errorFromResponse } from '../../lib/api-client.ts'
import { cancelFailureMessage, cancelSuccessMessage } from './cancel-messages.ts'

describe('cancel messages (customer-side.md §8 Orders)', () => {
  it('says the cancel succeeded in the words of each place', () => {
    expect(cancelSuccessMessage('account')).toBe('Narudžba je uspješno otkazana')
    expect(cancelSuccessMessage('orders')).toBe('Narudžba uspješno otkazana')
  })

  const refused = errorFromResponse(409, {
    message: 'Moguće je otkazati samo narudžbu koja je na čekanju.',
    code: 'ORDER_NOT_CANCELLABLE',
  })

  it.each([
    ['account', refused, 'Neuspješno otkazivanje narudžbe: Moguće je otkazati samo narudžbu koja je na čekanju.'],
    ['account', 'no error object', 'Neuspješno otkazivanje narudžbe: Greška prilikom otkazivanja narudžbe'],
    ['orders', refused, 'Moguće je otkazati samo narudžbu koja je na čekanju.'],
    ['orders', new Error(''), 'Greška prilikom otkazivanja narudžbe'],
    ['orders', errorFromResponse(500, undefined), 'Greška prilikom otkazivanja narudžbe'],
    [
      'account',
      errorFromResponse(500, undefined),
      'Neuspješno otkazivanje narudžbe: Greška prilikom otkazivanja narudžbe',
    ],
  ] as const)('on the %s page a failure reads as expected (%#)', (place, error, message) => {
    expect(cancelFailureMessage(place, error)).toBe(message)
  })
})
