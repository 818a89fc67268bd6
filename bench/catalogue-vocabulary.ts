// Words of a Herzegovinian hardware, home and garden shop, for generated catalogues.
import categories from './catalogue-categories.json' with { type: 'json' }

export type CategorySeed = {
  name: string
  types: string[]
  /** Option labels for products of this category that have sizes; absent means no sizes. */
  sizes?: string[][]
  /** Share of this category's products that have sizes. */
  sizedShare?: number
  specs: Array<[string, string[]]>
  priceRange: [number, number]
}

// The categories are data (catalogue-categories.json); their shape is CategorySeed's, which JSON
// cannot state for the tuples, hence the assertion.
export const CATEGORIES = categories as CategorySeed[]

export const BRANDS = [
  'Makita',
  'Bosch',
  'Einhell',
  'DeWalt',
  'Metabo',
  'Gardena',
  'Fiskars',
  'Stanley',
  'Wolfcraft',
  'Hitachi',
  'Black+Decker',
  'Ryobi',
  'Milwaukee',
  'Würth',
  'Knipex',
  'Wera',
  'Gedore',
  'Kärcher',
  'Stihl',
  'Husqvarna',
  'Tefal',
  'Gorenje',
  'Končar',
  'Elektrokovina',
  'Tigar',
  'Cimos',
  'Jub',
  'Helios',
  'Chromos',
  'Bekament',
  'Knauf',
  'Mapei',
  'Ceresit',
  'Soudal',
  'Henkel',
  'Pattex',
  'Geberit',
  'Grohe',
  'Hansgrohe',
  'Ferro',
  'Rubineta',
  'Schneider',
  'Legrand',
  'Philips',
  'Osram',
  'Ledvance',
  'Varta',
  'Coleman',
  'Campingaz',
  'Quechua',
  'Shimano',
  'Daiwa',
  'Mustad',
  'Rapala',
  '3M',
  'Uvex',
  'Portwest',
  'Lahti',
  'Yato',
  'Topex',
  'Vorel',
  'Neo Tools',
  'Graphite',
  'Villager',
  'Womax',
  'Hecht',
  'Al-Ko',
  'Sadnice Kupres',
  'Agrokop',
  'Plamen',
  'Alfa Plam',
  'Termomont',
  'Vesta',
  'Kolubara',
  'Đuro Đaković',
  'Šipad',
  'Čelik Zenica',
  'Žito',
  'Hercegovka',
  'Lipa',
]

export const ADJECTIVES = [
  'profesionalni',
  'kompaktni',
  'lagani',
  'ojačani',
  'premium',
  'ekonomični',
  'industrijski',
  'hobi',
  'višenamjenski',
  'vodootporni',
]

export const SHORT_SENTENCES = [
  'Pouzdan izbor za svakodnevni rad u radionici i kući.',
  'Izdržljiva izvedba za zahtjevne poslove na gradilištu.',
  'Jednostavno rukovanje i dug vijek trajanja.',
  'Odličan omjer cijene i kvalitete.',
  'Provjerena kvaliteta poznatog proizvođača.',
  'Idealno za majstore i kućne popravke.',
  'Ergonomski oblik smanjuje zamor pri dugom radu.',
  'Pogodno za unutarnju i vanjsku upotrebu.',
]

export const DESCRIPTION_LINES = [
  'Proizvod je izrađen od kvalitetnih materijala i prošao je stroge provjere kvalitete.',
  'Preporučujemo redovito čišćenje i čuvanje na suhom mjestu.',
  'Jamstvo proizvođača vrijedi dvije godine od dana kupnje.',
  'Dostava na području cijele Bosne i Hercegovine.',
  'Za dodatne informacije obratite se našem osoblju u trgovini.',
  'Sukladno europskim normama sigurnosti.',
  'Pakiranje sadrži upute za upotrebu na hrvatskom jeziku.',
  'Rezervni dijelovi dostupni na upit.',
]

export const BULLETS = [
  '- otporno na habanje',
  '- jednostavno održavanje',
  '- ergonomska ručka',
  '- zaštita od korozije',
  '- niska razina buke',
  '- ušteda energije',
  '* brza montaža',
  '* sigurnosni prekidač',
]
