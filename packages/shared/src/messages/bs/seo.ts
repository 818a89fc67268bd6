import { shell } from './shell.ts'

// Titles and descriptions that search engines and link previews show (not in the specification;
// written for the shop in its language).
export const seo = {
  siteName: 'Trgovina Sovići',
  defaultDescription:
    'Alati, elektromaterijal, vrt, kućanstvo i namještaj za terasu — trgovina, restoran i veleprodaja iz Sovića kod Gruda. Dostava u cijeloj BiH, plaćanje pouzećem ili osobno preuzimanje.',
  pages: {
    home: { title: 'Trgovina, restoran i veleprodaja u Sovićima', description: '' },
    store: {
      title: 'Trgovina — alati, rasvjeta, vrt i kućanstvo',
      description:
        'Pretražite stotine proizvoda s cijenama u KM: alati, elektromaterijal, varenje, vrt, kućanstvo, stolice, stolovi i suncobrani.',
    },
    restaurant: {
      title: 'Restoran — jelovnik i radno vrijeme',
      description: 'Jelovnik našeg restorana u Sovićima, radno vrijeme i rezervacije.',
    },
    wholesale: {
      title: 'Veleprodaja — katalozi i kontakt',
      description: 'Veleprodajni katalozi u PDF-u, usluge i kontakt veleprodaje.',
    },
    about: {
      title: 'O nama',
      description: 'Obiteljska tvrtka iz Hercegovine od 2000. godine: trgovina, restoran i veleprodaja.',
    },
    terms: { title: 'Uvjeti korištenja', description: '' },
    privacy: { title: 'Pravila privatnosti', description: '' },
    login: { title: 'Prijava', description: '' },
    register: { title: 'Registracija', description: '' },
    cart: { title: 'Košarica', description: '' },
    notFound: { title: shell.notFound.title, description: '' },
  } satisfies Record<string, { title: string; description: string }>,
  productNotFoundTitle: 'Proizvod nije pronađen',
} as const
