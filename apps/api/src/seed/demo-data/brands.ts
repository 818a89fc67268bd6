// The brands of the demo catalogue. Logos are plain wordmarks drawn by the seed in `colour`
// (the real trademarks are not reproduced).
export const BRANDS = [
  {
    key: 'bosch',
    name: 'Bosch',
    colour: '#0b6e4f',
    description: 'Njemački proizvođač električnih alata, pribora i mjernih uređaja za dom i profesionalce.',
  },
  {
    key: 'makita',
    name: 'Makita',
    colour: '#008c95',
    description: 'Japanski proizvođač profesionalnih električnih i akumulatorskih alata.',
  },
  {
    key: 'einhell',
    name: 'Einhell',
    colour: '#c8102e',
    description:
      'Električni i vrtni alati povoljne cijene za kućnu radinost, s akumulatorskim sustavom Power X-Change.',
  },
  {
    key: 'stanley',
    name: 'Stanley',
    colour: '#e0a800',
    description: 'Ručni alati, metri i kutije za alat s tradicijom dužom od 175 godina.',
  },
  {
    key: 'gardena',
    name: 'Gardena',
    colour: '#0f7a3d',
    description: 'Sustavi za zalijevanje, vrtna crijeva i alati za njegu vrta.',
  },
  {
    key: 'fiskars',
    name: 'Fiskars',
    colour: '#f26a1b',
    description: 'Finski proizvođač sjekira, škara i vrtnog alata poznatog po ergonomiji i izdržljivosti.',
  },
  {
    key: 'villager',
    name: 'Villager',
    colour: '#e5711d',
    description: 'Vrtna mehanizacija: kosilice, trimeri, pumpe i agregati za domaćinstvo.',
  },
  {
    key: 'wolfcraft',
    name: 'Wolfcraft',
    colour: '#1d4ed8',
    description: 'Pribor za obradu drva i metala, stege, radni stolovi i pomagala za majstore.',
  },
  {
    key: 'karcher',
    name: 'Kärcher',
    colour: '#d4a900',
    description: 'Visokotlačni perači, usisavači i uređaji za čišćenje doma i okućnice.',
  },
  {
    key: 'osram',
    name: 'Osram',
    colour: '#f37021',
    description: 'Rasvjeta i LED žarulje dugog vijeka trajanja i niske potrošnje.',
  },
  {
    key: 'philips',
    name: 'Philips',
    colour: '#0b5ed7',
    description: 'LED rasvjeta za dom: žarulje, reflektori i svjetiljke.',
  },
  {
    key: 'iskra',
    name: 'Iskra',
    colour: '#1e40af',
    description: 'Elektromaterijal iz regije: utičnice, prekidači, razdjelnici i kabeli.',
  },
  {
    key: 'unior',
    name: 'Unior',
    colour: '#b91c1c',
    description: 'Slovenski proizvođač kovanih ručnih alata: ključeva, kliješta i odvijača.',
  },
  {
    key: 'keter',
    name: 'Keter',
    colour: '#6b4f3a',
    description: 'Vrtni namještaj, police i kutije za spremanje od izdržljive plastike.',
  },
  {
    key: 'helios',
    name: 'Helios',
    colour: '#6d28d9',
    description: 'Boje i lakovi za drvo, metal i zidove, proizvedeni za naše podneblje.',
  },
  {
    key: 'scolaro',
    name: 'Scolaro',
    colour: '#0e7490',
    description: 'Talijanski suncobrani za terase, vrtove i ugostiteljske objekte.',
  },
  {
    key: 'esab',
    name: 'ESAB',
    colour: '#d99a00',
    description: 'Aparati za varenje, elektrode i zaštitna oprema za zavarivače.',
  },
  {
    key: 'tente',
    name: 'Tente',
    colour: '#334155',
    description: 'Kotači i kotačići za kolica, namještaj i industriju.',
  },
] as const

export type BrandKey = (typeof BRANDS)[number]['key']
