// Words of a Herzegovinian hardware, home and garden shop, for generated catalogues.

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

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Električni alati',
    types: ['Aku bušilica', 'Udarna bušilica', 'Kutna brusilica', 'Ubodna pila', 'Kružna pila', 'Čekić bušilica', 'Aku odvijač', 'Glodalica', 'Tračna brusilica', 'Fen za vrući zrak', 'Blanjalica', 'Mješalica za boju'],
    specs: [['Snaga', ['500 W', '750 W', '900 W', '1200 W', '2000 W']], ['Napon', ['12 V', '18 V', '230 V']], ['Težina', ['1,2 kg', '1,8 kg', '2,5 kg', '3,1 kg']]],
    priceRange: [45, 690],
  },
  {
    name: 'Ručni alati',
    types: ['Čekić', 'Odvijač', 'Kliješta kombinirana', 'Ključ viličasti', 'Ručna pila', 'Turpija', 'Dlijeto', 'Libela', 'Metar', 'Skalpel', 'Špahtla', 'Gumeni čekić', 'Nasadni ključ', 'Set bitova'],
    sizes: [['8 mm', '10 mm', '13 mm', '17 mm', '19 mm'], ['300 g', '500 g', '800 g', '1000 g']],
    sizedShare: 0.2,
    specs: [['Materijal', ['CrV čelik', 'kaljeni čelik', 'drvo i čelik']], ['Dužina', ['150 mm', '200 mm', '250 mm', '300 mm']]],
    priceRange: [3, 85],
  },
  {
    name: 'Vrtni alati',
    types: ['Lopata', 'Motika', 'Grablje', 'Vrtne škare', 'Kosilica', 'Trimer', 'Crijevo za vodu', 'Prskalica', 'Sjekira', 'Vile', 'Pila za grane', 'Vrtna kolica'],
    specs: [['Dužina drške', ['80 cm', '120 cm', '140 cm']], ['Materijal', ['čelik', 'aluminij', 'plastika']]],
    priceRange: [6, 480],
  },
  {
    name: 'Radna odjeća',
    types: ['Radna majica', 'Radne hlače', 'Radna jakna', 'Kombinezon', 'Reflektirajući prsluk', 'Zimska kapa', 'Radni kaput', 'Flis jakna'],
    sizes: [['S', 'M', 'L', 'XL', 'XXL'], ['M', 'L', 'XL', 'XXL', '3XL']],
    sizedShare: 0.9,
    specs: [['Materijal', ['100% pamuk', 'poliester/pamuk', 'softshell']], ['Boja', ['crna', 'siva', 'plava', 'narančasta', 'zelena']]],
    priceRange: [8, 120],
  },
  {
    name: 'Obuća',
    types: ['Radne cipele', 'Gumene čizme', 'Zaštitne čizme S3', 'Papuče', 'Planinarske cipele', 'Zaštitne sandale S1'],
    sizes: [['39', '40', '41', '42', '43', '44', '45', '46'], ['40', '41', '42', '43', '44']],
    sizedShare: 0.95,
    specs: [['Zaštitna kapica', ['čelična', 'kompozitna', 'bez kapice']], ['Đon', ['gumeni', 'PU', 'antistatički']]],
    priceRange: [15, 160],
  },
  {
    name: 'Vijci i tiple',
    types: ['Vijak za drvo', 'Tipla', 'Matica', 'Podloška', 'Holender vijak', 'Čavli', 'Samourezni vijak', 'Anker vijak'],
    sizes: [['3x20', '4x30', '4x40', '5x50', '6x60'], ['M6', 'M8', 'M10', 'M12']],
    sizedShare: 0.6,
    specs: [['Pakiranje', ['100 kom', '200 kom', '500 kom']], ['Materijal', ['pocinčani čelik', 'inox A2', 'plastika']]],
    priceRange: [1, 35],
  },
  {
    name: 'Boje i lakovi',
    types: ['Boja za drvo', 'Lak za parket', 'Fasadna boja', 'Temeljna boja', 'Razrjeđivač', 'Valjak za boju', 'Kist', 'Zaštita za drvo', 'Boja za metal'],
    sizes: [['0,75 l', '2,5 l', '5 l'], ['1 l', '4 l', '10 l']],
    sizedShare: 0.3,
    specs: [['Izdašnost', ['8 m²/l', '10 m²/l', '12 m²/l']], ['Sušenje', ['2 h', '4 h', '12 h']]],
    priceRange: [4, 140],
  },
  {
    name: 'Vodoinstalacije',
    types: ['Slavina za sudoper', 'Sifon', 'PPR cijev', 'PPR koljeno', 'Kuglasti ventil', 'Tuš garnitura', 'Bojler', 'Fleksibilno crijevo', 'Vodokotlić'],
    specs: [['Priključak', ['1/2"', '3/4"', '1"']], ['Materijal', ['mesing', 'PPR', 'inox']]],
    priceRange: [2, 420],
  },
  {
    name: 'Elektroinstalacije',
    types: ['Kabel PP-Y', 'Utičnica', 'Prekidač', 'Produžni kabel', 'Automatski osigurač', 'LED sijalica', 'LED reflektor', 'Razvodna kutija', 'Kabelska vezica'],
    specs: [['Presjek', ['3x1,5 mm²', '3x2,5 mm²', '5x2,5 mm²']], ['Zaštita', ['IP20', 'IP44', 'IP65']]],
    priceRange: [1, 95],
  },
  {
    name: 'Građevinski materijal',
    types: ['Cement', 'Ljepilo za pločice', 'Gips', 'Silikon', 'PU pjena', 'Žbuka', 'Hidroizolacija', 'Fugirna masa'],
    specs: [['Pakiranje', ['5 kg', '25 kg', '310 ml', '750 ml']], ['Primjena', ['unutarnja', 'vanjska', 'unutarnja i vanjska']]],
    priceRange: [3, 60],
  },
  {
    name: 'Kućanstvo',
    types: ['Lonac', 'Tava', 'Set noževa', 'Daska za rezanje', 'Kanta za smeće', 'Sušilo za veš', 'Usisavač', 'Kuhalo za vodu', 'Glačalo', 'Džezva'],
    specs: [['Materijal', ['inox', 'aluminij', 'keramika', 'plastika']], ['Zapremina', ['1 l', '1,7 l', '3 l', '5 l']]],
    priceRange: [4, 250],
  },
  {
    name: 'Kampiranje',
    types: ['Šator', 'Vreća za spavanje', 'Kamp stolica', 'Plinsko kuhalo', 'Ruksak', 'Čeona lampa', 'Hladnjak za kampiranje', 'Karabiner'],
    specs: [['Težina', ['0,3 kg', '1,5 kg', '3,2 kg']], ['Kapacitet', ['1 osoba', '2 osobe', '4 osobe', '30 l']]],
    priceRange: [5, 300],
  },
  {
    name: 'Ribolov',
    types: ['Štap za pecanje', 'Mašinica za pecanje', 'Najlon za pecanje', 'Udice', 'Varalica', 'Plovak', 'Ribolovna torba'],
    specs: [['Dužina', ['2,1 m', '2,7 m', '3,6 m']], ['Nosivost', ['5 kg', '8 kg', '12 kg']]],
    priceRange: [2, 220],
  },
  {
    name: 'Sigurnosna oprema',
    types: ['Zaštitne rukavice', 'Zaštitne naočale', 'Zaštitna kaciga', 'Antifoni', 'Maska FFP2', 'Pojas za rad na visini'],
    sizes: [['7', '8', '9', '10', '11']],
    sizedShare: 0.4,
    specs: [['Norma', ['EN 388', 'EN 166', 'EN 397', 'EN 149']], ['Boja', ['žuta', 'bijela', 'crvena']]],
    priceRange: [2, 150],
  },
  {
    name: 'Auto oprema',
    types: ['Kabeli za paljenje', 'Hidraulična dizalica', 'Kompresor', 'Sigurnosni trokut', 'Punjač akumulatora', 'Sajla za vuču', 'Metlica brisača'],
    specs: [['Nosivost', ['2 t', '3 t']], ['Napon', ['12 V', '24 V']]],
    priceRange: [6, 380],
  },
  {
    name: 'Poljoprivreda',
    types: ['Sjeme rajčice', 'Gnojivo NPK', 'Leđna prskalica', 'Motokultivator', 'Pocinčana žica', 'Mreža za ogradu', 'Plastenik', 'Sadnice'],
    specs: [['Pakiranje', ['1 kg', '10 kg', '25 kg', '50 m']], ['Namjena', ['povrće', 'voće', 'vinova loza']]],
    priceRange: [2, 1500],
  },
  {
    name: 'Rasvjeta',
    types: ['Stropna lampa', 'Zidna lampa', 'Stolna lampa', 'LED traka', 'Solarna lampa', 'Ručna svjetiljka'],
    specs: [['Snaga', ['5 W', '10 W', '20 W', '50 W']], ['Svjetlost', ['2700 K', '4000 K', '6500 K']]],
    priceRange: [5, 180],
  },
  {
    name: 'Grijanje',
    types: ['Peć na drva', 'Radijator', 'Uljni radijator', 'Dimnjačka cijev', 'Pelet', 'Termostat', 'Ventilator grijalica'],
    specs: [['Snaga', ['2 kW', '8 kW', '12 kW']], ['Energent', ['drvo', 'struja', 'pelet']]],
    priceRange: [8, 1900],
  },
]

export const BRANDS = [
  'Makita', 'Bosch', 'Einhell', 'DeWalt', 'Metabo', 'Gardena', 'Fiskars', 'Stanley', 'Wolfcraft', 'Hitachi',
  'Black+Decker', 'Ryobi', 'Milwaukee', 'Würth', 'Knipex', 'Wera', 'Gedore', 'Kärcher', 'Stihl', 'Husqvarna',
  'Tefal', 'Gorenje', 'Končar', 'Elektrokovina', 'Tigar', 'Cimos', 'Jub', 'Helios', 'Chromos', 'Bekament',
  'Knauf', 'Mapei', 'Ceresit', 'Soudal', 'Henkel', 'Pattex', 'Geberit', 'Grohe', 'Hansgrohe', 'Ferro',
  'Rubineta', 'Schneider', 'Legrand', 'Philips', 'Osram', 'Ledvance', 'Varta', 'Coleman', 'Campingaz', 'Quechua',
  'Shimano', 'Daiwa', 'Mustad', 'Rapala', '3M', 'Uvex', 'Portwest', 'Lahti', 'Yato', 'Topex',
  'Vorel', 'Neo Tools', 'Graphite', 'Villager', 'Womax', 'Hecht', 'Al-Ko', 'Sadnice Kupres', 'Agrokop', 'Plamen',
  'Alfa Plam', 'Termomont', 'Vesta', 'Kolubara', 'Đuro Đaković', 'Šipad', 'Čelik Zenica', 'Žito', 'Hercegovka', 'Lipa',
]

export const ADJECTIVES = ['profesionalni', 'kompaktni', 'lagani', 'ojačani', 'premium', 'ekonomični', 'industrijski', 'hobi', 'višenamjenski', 'vodootporni']

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
