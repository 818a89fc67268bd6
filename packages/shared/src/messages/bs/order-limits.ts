// docs/decisions.md, Order limits and suspicious orders: limits on what one order and one client can take, and suspicious orders (all ours;
// the specification has no such rules).
export const orderLimits = {
  // POST /api/orders answers (422 ORDER_LIMIT_EXCEEDED, 429 TOO_MANY_ORDERS) and the cart's own check
  quantityPerLine:
    'Najviše {max} {unit}. proizvoda "{name}" po narudžbi. Za veću količinu nazovite nas ili pišite nam.',
  linesPerOrder:
    'Narudžba može imati najviše {max} različitih proizvoda (sada ih ima {count}). Podijelite je ili nas kontaktirajte.',
  orderTotal:
    'Iznos narudžbe ({total}) je veći od dopuštenih {max} za narudžbu preko weba. Za veću narudžbu nazovite nas ili pišite nam.',
  tooManyFromAddress:
    'Previše narudžbi s ove internetske veze u zadnjih sat vremena. Pokušajte kasnije ili nas nazovite.',
  tooManyFromEmail: 'Previše narudžbi s ove e-mail adrese u zadnjih sat vremena. Pokušajte kasnije ili nas nazovite.',
  dailyCapRemaining:
    'Proizvod "{name}" danas možete naručiti još najviše {remaining} kom. (najviše {max} kom. dnevno po kupcu). Za veću količinu nazovite nas ili pišite nam.',
  dailyCapReached:
    'Proizvod "{name}" danas više ne možete naručiti (najviše {max} kom. dnevno po kupcu). Pokušajte sutra ili nas nazovite.',

  // Why staff should look at an order (stored with it, shown in the staff list)
  reasonQuantity: 'Količina blizu granice: "{name}" {quantity} {unit}. (granica {max})',
  reasonLines: 'Mnogo stavki: {count} (granica {max})',
  reasonTotal: 'Iznos blizu granice: {total} (granica {max})',
  reasonAboveNormal: 'Iznos {total} je {times} puta veći od prosječne narudžbe ({average})',
  reasonFromAddress: '{count}. narudžba s iste internetske adrese u sat vremena',
  reasonFromEmail: '{count}. narudžba s iste e-mail adrese u sat vremena',

  // Staff: the settings page (/admin/orders/limits) and the orders list
  title: 'Ograničenja narudžbi',
  openLimits: 'Ograničenja narudžbi',
  intro:
    'Ograničenja vrijede za goste i registrirane kupce. Veleprodajni kupci i osoblje nisu ograničeni. Narudžba blizu granice označava se kao sumnjiva.',
  orderSection: 'Jedna narudžba',
  clientSection: 'Jedan kupac u sat vremena',
  maxQuantityPerLine: 'Najviše komada jednog proizvoda',
  maxLinesPerOrder: 'Najviše različitih proizvoda',
  maxOrderTotalGuest: 'Najveći iznos za goste (KM)',
  maxOrderTotalCustomer: 'Najveći iznos za registrirane kupce (KM)',
  maxOrdersPerAddressPerHour: 'Narudžbi s jedne internetske adrese',
  maxOrdersPerEmailPerHour: 'Narudžbi s jedne e-mail adrese',
  buyerDaySection: 'Jedan kupac u danu',
  maxPerProductPerBuyerPerDay: 'Komada jednog proizvoda po kupcu dnevno',
  maxPerProductPerBuyerPerDayHint:
    'Zbraja narudžbe od ponoći s iste internetske adrese, e-mail adrese ili telefona (otkazane se ne broje). Prazno: bez ograničenja. Traženi proizvodi mogu imati vlastito ograničenje u obrascu proizvoda.',
  wholeNumberOrEmpty: 'Unesite cijeli broj od 1 do {max} ili ostavite prazno',
  addressFromEnvironment:
    'Postavljeno u konfiguraciji servera (ORDERS_PER_ADDRESS_PER_HOUR): {value}. Ova vrijednost se tada ne primjenjuje.',
  wholeNumber: 'Unesite cijeli broj od 1 do {max}',
  save: 'Spremi promjene',
  saved: 'Ograničenja narudžbi su spremljena',
  saveFailed: 'Ograničenja narudžbi nije moguće spremiti. Pokušajte ponovno.',
  loadFailed: 'Ograničenja narudžbi nije moguće učitati.',
  unsaved: 'Imate nespremljene promjene.',
  suspicious: 'Sumnjiva',
  suspiciousFilter: 'Sumnjive',
  suspiciousOnly: 'Samo sumnjive narudžbe',
  suspicionTitle: 'Zašto provjeriti',
  clearSuspicion: 'Provjereno, ukloni oznaku',
  clearSuspicionNamed: 'Provjereno, ukloni oznaku sumnjive narudžbe #{number}',
  suspicionCleared: 'Oznaka sumnjive narudžbe #{number} je uklonjena.',
  clearSuspicionFailed: 'Oznaku nije moguće ukloniti. Pokušajte ponovno.',
  back: 'Natrag na narudžbe',
} as const
