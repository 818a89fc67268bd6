// Catalogue: store page, product page, home carousels (customer-side.md §2, §8, §9). Texts of the
// specification are verbatim; the query-parameter messages ("ours") answer cases it leaves open.
export const catalogue = {
  // customer-side.md §2 Store page
  searchPlaceholder: 'Traži proizvode, veličine...',
  sortLabels: {
    recommended: 'Preporučeno',
    'name-asc': 'Naziv A-Z',
    'name-desc': 'Naziv Z-A',
    'price-asc': 'Cijena Rastuća',
    'price-desc': 'Cijena Padajuća',
  },
  previousPage: 'Prethodna',
  nextPage: 'Sljedeća',
  contactUs: 'Kontaktirajte nas',
  noProductsFound: 'Nema pronađenih proizvoda',
  loadingProducts: 'Učitavanje proizvoda...',
  outOfStock: 'Nema na stanju',
  // customer-side.md §2 Home page and Product page
  saleBadge: 'AKCIJA',
  added: 'Added!',
  productCode: 'Šifra',
  addToCart: 'Dodaj u košaricu',
  selectSize: 'Select a Size',
  temporarilyUnavailable: 'Nažalost, proizvod je privremeno nedostupan',
  specifications: 'Specifikacije',
  recommendedProducts: 'Preporučeni Proizvodi',
  backToStore: 'Natrag u trgovinu',
  wholesalePrice: 'Veleprodajna cijena',
  wholesalePriceShort: 'VP',
  // customer-side.md §2 Product page; §8 Store, product, cart
  productNotFound: 'Proizvod nije pronađen',
  productNotFoundEnglish: 'Product not found',
  loadProductsFailed: 'Failed to load products. Please try again.',
  loadProductFailed: 'Failed to load product',
  // ours: query parameters of GET /api/products
  searchTooLong: 'Tekst pretrage je predug (najviše {max} znakova).',
  searchInvalid: 'Neispravan tekst pretrage.',
  categoryInvalid: 'Neispravna kategorija.',
  brandInvalid: 'Neispravan brend.',
  sortInvalid: 'Neispravan redoslijed. Dopušteno: recommended, name-asc, name-desc, price-asc, price-desc.',
  pageInvalid: 'Broj stranice mora biti cijeli broj veći od 0.',
  limitInvalid: 'Broj proizvoda po stranici mora biti cijeli broj od 1 do {max}.',
  featuredInvalid: 'Parametar featured mora biti true ili false.',
} as const
