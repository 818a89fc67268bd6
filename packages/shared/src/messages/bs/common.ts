export const common = {
  shopName: 'Trgovina Sovići',
  loading: 'Loading...',
  errorTitle: 'Oops! Something went wrong',
  refreshPage: 'Refresh Page',
  httpError: 'HTTP error {status}',
  apiRequestFailed: 'API request failed: {reason}',
  invalidResponse: 'Invalid response from server',
  unexpected: 'An unexpected error occurred.',
  // customer-side.md §8 Database error normaliser: the 'unknown' row, for any failure that is no database error.
  unknownError: 'An unexpected error occurred.',
  routeNotFound: 'Tražena stranica ne postoji.',
  validationFailed: 'Neispravni podaci.',
  payloadTooLarge: 'Zahtjev je prevelik.',
  unsupportedMediaType: 'Nepodržana vrsta sadržaja.',
  tooManyRequests: 'Previše zahtjeva. Molimo pokušajte ponovno kasnije.',
  // docs/decisions.md, 'One e-mail, one account': an address with invisible characters or look-alike letters.
  emailLookAlike:
    'E-mail adresa sadrži nevidljive znakove ili slova drugog pisma koja samo liče na naša. Upišite je ponovno, slovo po slovo.',
  serviceUnavailable: 'Usluga je trenutno nedostupna. Molimo pokušajte ponovno za nekoliko trenutaka.',
  authenticationRequired: 'Authentication required. Please log in again.',
  forbidden: 'Nemate ovlasti za ovu radnju.',
  tokenExpired: 'Sesija je istekla. Molimo prijavite se ponovno.',
  tokenInvalid: 'Neispravan token.',
  // docs/decisions.md 'Users admin': the next request of a user whose roles an admin changed.
  rolesChanged: 'Vaše ovlasti su promijenjene, prijavite se ponovno.',
} as const
