// Staff area I: products, categories, brands, slides and work hours (staff-and-content.md §2, §5,
// §8). Verbatim where the specification gives the text; the rest is marked 'not in the
// specification' and written in the wording of its page (the brand page is in English).
export const admin = {
  // Not in the specification: PostgreSQL stores no NUL character, so input holding one is refused.
  invalidCharacters: 'Unos sadrži nedozvoljene znakove.',
  product: {
    // §5 Product form
    codeRequired: 'Šifra proizvoda je obavezna',
    nameRequired: 'Naziv proizvoda je obavezan',
    priceInvalid: 'Cijena mora biti pozitivan broj veći od 0',
    categoryRequired: 'Kategorija je obavezna',
    discountPriceInvalid: 'Akcijska cijena mora biti pozitivan broj veći od 0',
    discountPriceNotLower: 'Akcijska cijena mora biti manja od osnovne cijene',
    wholesalePriceInvalid: 'Veleprodajna cijena mora biti pozitivan broj veći od 0',
    wholesalePriceNotLower: 'Veleprodajna cijena mora biti manja od osnovne cijene',
    stockInvalid: 'Zaliha mora biti pozitivan broj',
    optionRequired: 'Potrebna je barem jedna opcija',
    optionStockInvalid: 'Nevažeća zaliha za opciju {size}',
    optionPriceInvalid: 'Cijena za opciju {size} mora biti pozitivan broj veći od 0',
    duplicateCode: 'Proizvod sa šifrom "{code}" već postoji!',
    specificationIncomplete: 'Both specification name and value are required',
    // §5: an option's discount or wholesale price must be below that option's price; the
    // wording follows the product-level messages and names the option.
    optionDiscountPriceInvalid: 'Akcijska cijena za opciju {size} mora biti pozitivan broj veći od 0',
    optionDiscountPriceNotLower: 'Akcijska cijena za opciju {size} mora biti manja od cijene opcije',
    optionWholesalePriceInvalid: 'Veleprodajna cijena za opciju {size} mora biti pozitivan broj veći od 0',
    optionWholesalePriceNotLower: 'Veleprodajna cijena za opciju {size} mora biti manja od cijene opcije',
    // Not in the specification: limits and answers the server needs.
    brandInvalid: 'Odabrani brend nije ispravan',
    optionNameRequired: 'Naziv opcije je obavezan',
    optionDuplicate: 'Opcija {size} je navedena više puta',
    priceTooHigh: 'Cijena je prevelika',
    imageUrlInvalid: 'Neispravna adresa slike',
    tooManyImages: 'Proizvod može imati najviše 30 slika',
    textTooLong: 'Tekst je predug',
    notFound: 'Proizvod nije pronađen.',
    deleted: 'Proizvod je obrisan.',
    noImage: 'No image was uploaded',
    // §2 Products admin and §8
    outOfStock: 'Nema na stanju',
    loadFailed: 'Failed to load data. Please try again.',
    deleteFailed: 'Nije uspjelo obrisati proizvod. Pokušajte ponovno.',
  },
  category: {
    // §5 Category and brand, §8
    nameRequired: 'Potreban je naziv kategorije',
    loadFailed: 'Failed to load categories. Please try again.',
    saveFailed: 'Failed to save category',
    deleteFailed: 'Failed to delete category. Please try again.',
    // Not in the specification
    notFound: 'Kategorija nije pronađena.',
    deleted: 'Kategorija je obrisana.',
    textTooLong: 'Tekst je predug',
  },
  brand: {
    // §5 Category and brand, §8 (the brand page is worded in English)
    nameRequired: 'Brand name is required',
    loadFailed: 'Failed to load brands. Please try again.',
    saveFailed: 'Failed to save brand',
    deleteFailed: 'Failed to delete brand. Please try again.',
    // Not in the specification
    notFound: 'Brand not found.',
    deleted: 'Brand deleted.',
    imageUrlInvalid: 'Image URL must be a web address or a path starting with /',
    textTooLong: 'Text is too long',
  },
  slide: {
    // §2 Slideshow admin, §8
    deleteConfirm: 'Jeste li sigurni da želite izbrisati ovaj slajd? Ova radnja se ne može poništiti.',
    loadFailed: 'Failed to load slides. Please try again.',
    saveFailed: 'Failed to save slide. Please try again.',
    deleteFailed: 'Failed to delete slide. Please try again.',
    uploadFailed: 'Failed to upload image. Please try again.',
    // Not in the specification: §5 gives the rules (order minimum 0), not their wording.
    orderInvalid: 'Redoslijed mora biti cijeli broj, 0 ili veći',
    imageRequired: 'Slika je obavezna',
    categoryInvalid: 'Odabrana kategorija nije ispravna',
    imageUrlInvalid: 'Neispravna adresa slike',
    linkInvalid: 'Poveznica mora biti web adresa ili putanja koja počinje s /',
    textTooLong: 'Tekst je predug',
    notFound: 'Slajd nije pronađen.',
    deleted: 'Slajd je obrisan.',
    noImage: 'Nije odabrana slika',
  },
  workHours: {
    // §8 Work hours
    saved: 'Radno vrijeme je uspješno ažurirano',
    // Not in the specification
    sectionInvalid: 'Odjel mora biti store, restaurant ili wholesale',
    sectionDuplicate: 'Svaki odjel smije biti naveden samo jednom',
    hoursRequired: 'Radno vrijeme je obavezno',
    hoursTooLong: 'Radno vrijeme je predugo',
    listRequired: 'Potrebno je radno vrijeme barem jednog odjela',
  },
} as const
