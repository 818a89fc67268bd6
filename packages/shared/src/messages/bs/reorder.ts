// Reorder, quick order by code and postcode suggestions (docs/decisions.md ('Reorder, quick order and postcodes')): not in the
// specification, written in the wording of the cart and the checkout.
export const reorder = {
  // 'Naruči ponovo' on a past order.
  reorderButton: 'Naruči ponovo',
  reorderBusy: 'Dodajem u korpu...',
  reorderAdded: 'U korpu je dodano proizvoda: {count}. Cijene i zalihe su današnje.',
  reorderNothingAdded: 'Nijedan proizvod iz ove narudžbe trenutno nije moguće naručiti.',
  reorderFailed: 'Proizvode nije moguće dodati u korpu. Pokušajte ponovo.',
  reorderChangesTitle: 'Promjene od prošle narudžbe:',
  reorderPriceChanged: '{name}: cijena je sada {newPrice} (bila {oldPrice}).',
  reorderGone: '{name}: više nije u ponudi.',
  reorderSoldOut: '{name}: trenutno nije na stanju.',
  reorderReduced: '{name}: na stanju samo {available}, dodano {available} umjesto {quantity}.',
  reorderAlreadyInCart: '{name}: korpa već sadrži sve što je na stanju.',
  goToCart: 'Idi u korpu',

  // Quick order (wholesale page).
  quickOrderTitle: 'Brza narudžba po šifri',
  quickOrderIntro:
    'Zalijepite popis šifri i količina, jedan proizvod po redu (npr. "ABC-123;10" ili "ABC-123 10"), ili učitajte CSV datoteku. Vidjet ćete proizvod, cijenu i stanje za svaki red prije dodavanja u korpu.',
  quickOrderLink: 'Brza narudžba po šifri',
  quickOrderLinkHint: 'Znate šifre? Zalijepite popis i dodajte sve u korpu odjednom.',
  quickOrderRetailNote:
    'Veleprodajne cijene vidite kad se prijavite veleprodajnim računom; sada su prikazane maloprodajne cijene.',
  linesLabel: 'Šifre i količine (jedan proizvod po redu)',
  fileLabel: 'Ili učitajte CSV datoteku',
  fileUnreadable: 'Datoteku nije moguće pročitati. Učitajte CSV ili TXT datoteku.',
  fileTooLarge: 'Datoteka je prevelika (najviše 100 KB).',
  check: 'Provjeri',
  checking: 'Provjeravam...',
  addAll: 'Dodaj u korpu ({count})',
  addedToCart: 'U korpu je dodano proizvoda: {count}.',
  nothingToAdd: 'Nijedan red nije spreman za korpu.',
  checkFailed: 'Provjera nije uspjela. Pokušajte ponovo.',
  resultsTitle: 'Rezultat provjere',
  resultsSummary: 'Ispravnih redova: {ok} od {total}. Problema: {problems}.',
  columnLine: 'Red',
  columnCode: 'Šifra',
  columnProduct: 'Proizvod',
  columnQuantity: 'Količina',
  columnPrice: 'Cijena',
  columnStock: 'Na stanju',
  columnStatus: 'Stanje reda',
  statusOk: 'U redu',
  unlimitedStock: 'Dovoljno',
  // Per-line problems (the server's message of each line).
  unknownCode: 'Nepoznata šifra "{code}".',
  shortage: 'Nedovoljno na stanju: traženo {quantity}, na stanju {available}.',
  soldOut: 'Nije na stanju.',
  sizeRequired: 'Šifra "{code}" ima više veličina: upišite šifru veličine.',
  noPrice: 'Proizvod trenutno nema cijenu.',
  // The parse rule (packages/shared/src/rules/quick-order.ts).
  linesRequired: 'Upišite barem jedan red sa šifrom i količinom.',
  tooManyLines: 'Brza narudžba prima najviše {max} redova. Podijelite popis na više dijelova.',
  textTooLong: 'Popis je predug (najviše {max} znakova).',
  quantityInvalid: 'Red {line}: količina "{quantity}" nije ispravan broj.',
  quantityNotWhole: 'Red {line}: količina mora biti cijeli broj komada.',
  quantityTooLarge: 'Red {line}: količina je prevelika (najviše {max}).',
  codeTooLong: 'Red {line}: šifra je preduga.',

  // Postcodes.
  postcodeSuggestion: 'Pošta {code}: {place}',
  usePlace: 'Upiši mjesto {place}',
  usePostcode: 'Upiši broj {code}',
  postcodeMismatch: 'Poštanski broj {code} pripada mjestu {expected}, a upisano je {place}. Provjerite adresu.',
  postcodeUnknown: 'Poštanski broj {code} nije na našem popisu pošta u BiH. Provjerite ga.',
  postcodeQueryTooLong: 'Upit je predug (najviše 60 znakova).',
}
