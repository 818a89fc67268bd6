// Courier hand-off, tracking numbers and cash-on-delivery payouts (docs/decisions.md, 'Courier
// hand-off, tracking and payouts').
export const courier = {
  // Shipment export (POST /api/orders/shipments.csv)
  exportButton: 'Izvoz za kurira (CSV)',
  exported: 'CSV za kurira je preuzet.',
  exportFailed: 'CSV za kurira nije moguće napraviti. Pokušajte ponovno.',
  idsRequired: 'Odaberite barem jednu narudžbu.',
  idsTooMany: 'Odjednom se može izvesti najviše {max} narudžbi.',
  notNumbered: 'Narudžbe bez broja dokumenta ne mogu ići kuriru: {numbers}. Najprije ih potvrdite (status „U obradi”).',
  csvHeader: [
    'Referenca',
    'Primatelj',
    'Telefon',
    'Ulica i broj',
    'Poštanski broj',
    'Mjesto',
    'Broj paketa',
    'Težina (kg)',
    'Otkupnina (KM)',
    'Napomena',
  ],
  csvNote: 'Narudžba #{number}, artikala: {count}',

  // Tracking numbers
  trackingNumber: 'Broj pošiljke',
  trackingNamed: 'Broj pošiljke narudžbe #{number}',
  trackingSave: 'Upiši',
  trackingSaveNamed: 'Upiši broj pošiljke narudžbe #{number}',
  trackingSaved: 'Broj pošiljke je spremljen.',
  trackingSaveFailed: 'Broj pošiljke nije moguće spremiti. Pokušajte ponovno.',
  trackingInvalid: 'Broj pošiljke smije imati najviše 40 znakova: slova, brojke, razmak, - i /',
  trackingOpen: 'Pratite pošiljku',
  trackingLine: 'Broj pošiljke: {number}',

  // Imports (tracking numbers, payouts)
  fileLabel: 'CSV datoteka',
  importButton: 'Uvezi',
  importFailed: 'Datoteku nije moguće uvesti. Pokušajte ponovno.',
  fileRequired: 'Priložite CSV datoteku (polje „file”).',
  fileEmpty: 'CSV datoteka je prazna.',
  fileTooLarge: 'CSV datoteka smije imati najviše {max} redova.',
  rowError: 'Red {row}, kolona {column} ({name}): {problem}. Ništa nije uvezeno.',
  columnReference: 'referenca',
  columnTrackingNumber: 'broj pošiljke',
  columnAmount: 'iznos',
  columnDate: 'datum',
  problemMissing: 'vrijednost nedostaje',
  problemTracking: 'najviše 40 znakova: slova, brojke, razmak, - i /',
  problemAmount: 'iznos mora biti broj s najviše dvije decimale, npr. 123,45',
  problemDate: 'datum mora biti u obliku 31.12.2026 ili 2026-12-31',
  problemReference: 'najviše 40 znakova',

  trackingImportTitle: 'Uvoz brojeva pošiljki',
  trackingImportIntro:
    'CSV od kurira: referenca (broj dokumenta, npr. 2026-000123); broj pošiljke. Odvojeno s „;”, prvi red smije biti zaglavlje.',
  trackingImported: 'Upisano brojeva pošiljki: {changed}; već upisanih: {unchanged}; bez narudžbe: {unmatched}.',
  matchedRows: 'Pronađene narudžbe',
  unmatchedRows: 'Redovi bez narudžbe',
  rowLabel: 'Red {row}',

  payoutTitle: 'Isplate pouzeća',
  payoutIntro:
    'CSV od kurira: referenca ili broj pošiljke; iznos; datum isplate. Odvojeno s „;”, decimalni zarez ili tačka, prvi red smije biti zaglavlje.',
  payoutImported:
    'Označeno plaćenim: {paid}; već plaćenih: {alreadyPaid}; razlika u iznosu: {amountDiffers}; nepoznato: {unknown}.',
  payoutNothingChanged: 'Ova datoteka je već uvezena: ništa nije promijenjeno.',
  paidRows: 'Označeno plaćenim',
  alreadyPaidRows: 'Već plaćeno ranije',
  amountDiffersRows: 'Iznos se razlikuje',
  unknownRows: 'Nepoznata referenca',
  overdueRows: 'Dostavljeno, a neisplaćeno duže od {days} dana',
  amountExpected: 'Narudžba: {expected}, isplaćeno: {received}',
  overdueLine: 'Poslano {date}, prije {days} dana',
  nothingHere: 'Nema.',
  paidOn: 'Pouzeće isplaćeno {date}',
  unpaid: 'Pouzeće nije isplaćeno',

  // Settings (GET/PUT /api/settings/courier)
  settingsLink: 'Postavke kurira',
  // The settings page's own texts (SettingsPage in the staff kit)
  settingsPage: {
    title: 'Postavke kurira',
    intro:
      'Za svaku dostavu kurirom upišite adresu praćenja pošiljke s {broj} na mjestu broja, npr. https://kurir.ba/pracenje/{broj}.',
    loadFailed: 'Postavke kurira nije moguće učitati. Pokušajte ponovno.',
    saveFailed: 'Postavke kurira nije moguće spremiti. Pokušajte ponovno.',
    saved: 'Postavke kurira su spremljene.',
    save: 'Spremi postavke',
    unsaved: 'Promjene nisu spremljene.',
  },
  settingsBack: 'Narudžbe',
  trackingSection: 'Praćenje pošiljke',
  defaultTrackingUrl: 'Ostale dostave',
  trackingUrlHint: 'Prazno: kupac vidi broj pošiljke bez linka.',
  payoutSection: 'Isplate pouzeća',
  unpaidAfterDays: 'Upozori na neisplaćeno pouzeće nakon (dana)',
  trackingUrlInvalid: 'Unesite adresu koja počinje s https:// ili http:// i sadrži {broj}, ili ostavite prazno.',
  unpaidAfterDaysInvalid: 'Unesite cijeli broj dana od 1 do 365.',
} as const
