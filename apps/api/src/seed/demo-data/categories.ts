// The store's categories (a hardware, home and garden shop in Herzegovina). `colour` tints the
// generated product pictures of the category.
export const CATEGORIES = [
  {
    key: 'alati',
    name: 'Alati',
    description: 'Kutije i setovi alata, ljestve i pribor za radionicu, garažu i gradilište.',
    colour: '#ea580c',
  },
  {
    key: 'rucni-alati',
    name: 'Ručni alati',
    description: 'Čekići, odvijači, ključevi, kliješta, pile, metri i libele za svaki posao.',
    colour: '#dc2626',
  },
  {
    key: 'elektricni-alati',
    name: 'Električni alati',
    description: 'Bušilice, odvijači, kutne brusilice i pile za kućnu radinost i profesionalce.',
    colour: '#2563eb',
  },
  {
    key: 'elektromaterijal',
    name: 'Elektromaterijal i rasvjeta',
    description: 'Kabeli, produžni kabeli, razdjelnici, utičnice, LED žarulje i reflektori.',
    colour: '#d97706',
  },
  {
    key: 'varenje-zastita',
    name: 'Varenje i zaštita',
    description: 'Aparati za varenje, elektrode, maske, rukavice i zaštitna oprema na radu.',
    colour: '#4f46e5',
  },
  {
    key: 'mreze-uzad-vijci',
    name: 'Mreže, kuke, užad i vijci',
    description: 'Užad, lanci, mreže, kuke, vijci i tiple, na komad, na metar ili u pakiranju.',
    colour: '#0d9488',
  },
  {
    key: 'vrt',
    name: 'Vrt',
    description: 'Lopate, grablje, škare, kosilice, trimeri i kolica za vrt i okućnicu.',
    colour: '#16a34a',
  },
  {
    key: 'navodnjavanje',
    name: 'Navodnjavanje',
    description: 'Vrtna crijeva, prskalice, pištolji i kante za zalijevanje.',
    colour: '#0284c7',
  },
  {
    key: 'kucanstvo',
    name: 'Kućanstvo',
    description: 'Kante, sušila za rublje, usisavači, visokotlačni perači i kutije za spremanje.',
    colour: '#db2777',
  },
  {
    key: 'stolice-stolovi',
    name: 'Stolice i stolovi',
    description: 'Vrtne i terasne stolice, stolovi i klupe za dom, ugostitelje i okućnicu.',
    colour: '#a16207',
  },
  {
    key: 'suncobrani',
    name: 'Suncobrani',
    description: 'Suncobrani za terasu, plažu i ugostiteljstvo, s postoljima i navlakama.',
    colour: '#0891b2',
  },
  {
    key: 'kotaci-police',
    name: 'Kotači i police',
    description: 'Kotači za kolica i namještaj, metalne police i transportna kolica.',
    colour: '#475569',
  },
  {
    key: 'boje-lakovi',
    name: 'Boje i lakovi',
    description: 'Unutarnje i fasadne boje, lakovi za drvo, kistovi, valjci i sprejevi.',
    colour: '#7c3aed',
  },
  {
    key: 'vodoinstalacije',
    name: 'Vodoinstalacije',
    description: 'Slavine, ventili, cijevi i spojnice za kuću, vikendicu i vrt.',
    colour: '#0369a1',
  },
] as const

export type CategoryKey = (typeof CATEGORIES)[number]['key']
