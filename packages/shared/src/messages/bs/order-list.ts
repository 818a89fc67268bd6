// Orders admin as a working list: the compact table, its selection and bulk actions (ours: the
// specification shows cards only; docs/decisions.md, 'Orders admin as a working list').
export const orderList = {
  // The view switch
  viewLabel: 'Prikaz narudžbi',
  viewTable: 'Tablica',
  viewCards: 'Kartice',

  // The table
  tableCaption: 'Narudžbe, stranica {page} od {pages}',
  columnSelect: 'Odabir',
  columnNumber: 'Broj',
  columnDate: 'Datum',
  columnBuyer: 'Kupac',
  columnPlace: 'Mjesto',
  columnTotal: 'Iznos',
  columnWeight: 'Težina',
  columnStatus: 'Status',
  columnFlags: 'Oznake',
  openOrder: 'Otvori narudžbu',
  pickup: 'Preuzimanje',
  noWeight: 'nije poznata',
  flagPaid: 'Plaćeno {date}',
  flagTracking: 'Pošiljka {number}',
  flagDiscount: 'Popust',
  flagFiscal: 'Fiskalni račun',
  detailsClose: 'Zatvori narudžbu',

  // The bulk bar
  bulkLabel: 'Radnje za odabrane narudžbe',
  bulkStatus: 'Novi status odabranih',
  bulkStatusChoose: 'Odaberite status',
  bulkStatusApply: 'Promijeni status',
  bulkStatusConfirm:
    'Promijeniti status {count} odabranih narudžbi u „{status}”? Kupci dobivaju obavijest za minutu, kao kod pojedinačne promjene.',
  bulkStatusFailed: 'Status odabranih narudžbi nije moguće promijeniti. Pokušajte ponovno.',
  bulkStatusDone: 'Promijenjeno: {changed}. Odbijeno: {refused}. Već u tom statusu: {unchanged}.',
  bulkReportTitle: 'Promjene koje nisu provedene',
  bulkReportClose: 'Sakrij izvještaj',

  // The bulk status answer (POST /api/orders/status), one line per order
  idsRequired: 'Odaberite barem jednu narudžbu.',
  idsTooMany: 'Odjednom se može promijeniti najviše {max} narudžbi.',
  idInvalid: 'Oznaka narudžbe nije ispravna.',
  resultChanged: 'Status je promijenjen u „{status}”.',
  resultUnchanged: 'Narudžba već ima status „{status}”.',
} as const
