// Cart quote, checkout and orders: customer-side.md §4, §5, §8; staff-and-content.md §4, §8.
// Texts marked "ours" answer cases the specification leaves open.
export const orders = {
  // customer-side.md §5 Checkout address (delivery and pickup); guests must give an e-mail.
  fullNameRequired: 'Ime i prezime je obavezno',
  phoneRequired: 'Broj telefona je obavezan',
  streetRequired: 'Adresa je obavezna',
  cityRequired: 'Grad je obavezan',
  stateRequired: 'Kanton/Entitet je obavezan',
  zipRequired: 'Poštanski broj je obavezan',
  zipInvalid: 'Unesite ispravan poštanski broj (format: 71000)',
  emailRequired: 'Email je obavezan',
  emailInvalid: 'Unesite ispravnu email adresu',
  fieldTooLong: 'Unos je predug.',
  fieldInvalid: 'Unos sadrži nedozvoljene znakove.',

  // customer-side.md §5 Stock (cart) and checkout
  notEnoughStock: 'Not enough stock available',
  notEnoughStockFor: 'Not enough stock available for {name} ({size})',
  notEnoughStockForProduct: 'Not enough stock available for {name}',

  // The order payload (ours)
  cartEmpty: 'Košarica je prazna',
  tooManyLines: 'Košarica može imati najviše {count} stavki.',
  quantityInvalid: 'Količina mora biti cijeli broj, najmanje 1.',
  quantityTooLarge: 'Količina je prevelika.',
  productIdRequired: 'Nedostaje šifra proizvoda.',
  productGone: 'Proizvod "{name}" više nije dostupan. Uklonite ga iz košarice.',
  sizeRequired: 'Odaberite veličinu za proizvod "{name}".',
  sizeGone: 'Veličina "{size}" proizvoda "{name}" više nije dostupna.',
  shippingOptionUnavailable: 'Odabrani način dostave nije dostupan za ovu narudžbu.',
  idempotencyKeyInvalid: 'Neispravan ključ narudžbe.',

  // customer-side.md §8 Orders; staff-and-content.md §8 Orders
  orderIdMissing: 'Order ID is missing',
  loadFailed: 'Failed to load order details. Please try again later.',
  orderNotFound: 'Narudžba nije pronađena',
  orderNotFoundLong: 'Tražena narudžba nije pronađena.',
  createFailed: 'Failed to create order',
  placeFailed: 'Failed to place order. Please try again.',
  cancelled: 'Narudžba je uspješno otkazana',
  cancelledShort: 'Narudžba uspješno otkazana',
  cancelFailed: 'Greška prilikom otkazivanja narudžbe',
  cancelFailedWith: 'Neuspješno otkazivanje narudžbe: {message}',
  // Cancelling (ours): only the owner, only while pending (customer-side.md §4 Order status)
  cancelNotOwner: 'Možete otkazati samo svoje narudžbe.',
  cancelNotPending: 'Moguće je otkazati samo narudžbu koja je na čekanju.',
  listForbidden: 'Možete vidjeti samo svoje narudžbe.',

  // customer-side.md §4 Order status
  statusPending: 'Na čekanju',
  statusProcessing: 'U obradi',
  statusShipped: 'Poslano',
  statusCompleted: 'Dovršeno',
  statusCancelled: 'Otkazano',
  pendingNote: 'Vaša narudžba čeka na obradu',
  processingNote: 'Vaša narudžba se priprema za dostavu',
  // staff-and-content.md §4 Order status, admin labels
  adminStatusPending: 'Na čekanju',
  adminStatusProcessing: 'U obradi',
  adminStatusShipped: 'Poslano',
  adminStatusReadyForPickup: 'Spremno za preuzimanje',
  adminStatusCompleted: 'Završeno',
  adminStatusCancelled: 'Otkazano',

  // customer-side.md §6, §9
  wholesalePrice: 'Veleprodajna cijena',
  free: 'Besplatno',

  // Mails (ours; DECISIONS: order placed, to the customer and to the shop)
  mailPlacedSubject: 'Narudžba #{number} je zaprimljena – {shopName}',
  mailPlacedGreeting: 'Poštovani/a {name},',
  mailPlacedIntro: 'hvala na narudžbi! Zaprimili smo je i javit ćemo vam se čim je pripremimo.',
  mailPlacedLink: 'Narudžbu možete pogledati ovdje:',
  mailPlacedSignature: 'Srdačan pozdrav,',
  mailShopSubject: 'Nova narudžba #{number} ({total})',
  mailShopIntro: 'Stigla je nova narudžba preko web trgovine.',
  mailShopGuest: 'Gost (bez računa)',
  mailShopCustomer: 'Registrirani kupac',
  mailOrderNumber: 'Broj narudžbe',
  mailDate: 'Datum',
  mailProduct: 'Proizvod',
  mailSize: 'Opcija',
  mailCode: 'Šifra',
  mailQuantity: 'Količina',
  mailPrice: 'Cijena',
  mailLineTotal: 'Iznos',
  mailSubtotal: 'Međuzbroj',
  mailShipping: 'Dostava',
  mailTotal: 'Ukupno',
  mailAddress: 'Adresa za dostavu',
  mailPickup: 'Osobno preuzimanje',
  mailBuyer: 'Kupac',
  mailBuyerKind: 'Vrsta kupca',
  mailEmail: 'Email',
  mailPhone: 'Telefon',
  mailShippingMethod: 'Način dostave',
} as const
