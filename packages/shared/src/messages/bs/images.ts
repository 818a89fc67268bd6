// staff-and-content.md §5 'Images (products, slides, menu)': the product form words its image
// errors in English, the slide and menu forms in Bosnian; both sets are verbatim.
export const images = {
  product: {
    unsupportedType: 'Only JPEG, PNG, and WebP images are allowed',
    tooLarge: 'Images must be smaller than 10MB',
    uploadFailed: 'Failed to upload images. Please try again.',
  },
  content: {
    unsupportedType: 'Dozvoljene su samo JPEG, PNG i WebP slike',
    tooLarge: 'Slike moraju biti manje od 10MB',
    uploadFailed: 'Učitavanje slike nije uspjelo. Molimo pokušajte ponovno.',
  },
  // Not in the specification: the answers of GET /api/images/*.
  notFound: 'Slika nije pronađena.',
  invalidPath: 'Neispravna putanja slike.',
} as const
