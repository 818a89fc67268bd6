// The public wholesale page /veleprodaja and its PDF catalogues (staff-and-content.md §2 Public
// wholesale page, §4 and §8 Catalogue download, §7 Catalogues). Quoted texts are verbatim from the
// specification; the rest is ours, in the shop's Bosnian.

/**
 * The seven catalogues of §2, shared by the page (cards) and the API (GET /api/catalogs/{file}),
 * which fills each PDF with the products of the store categories named in `categories`.
 */
export const CATALOGS = [
  {
    file: 'alati-kotaci-police.pdf',
    title: 'Alati, kotači i police',
    text: 'Ručni i električni alati, kotači za kolica i namještaj, metalne police.',
    categories: ['Alati', 'Ručni alati', 'Električni alati', 'Kotači i police'],
  },
  {
    file: 'elektromaterijal-rasvjeta.pdf',
    title: 'Elektromaterijal i rasvjeta',
    text: 'Kabeli, razdjelnici, utičnice, LED žarulje i reflektori.',
    categories: ['Elektromaterijal i rasvjeta'],
  },
  {
    file: 'varenje-dim-brusenje.pdf',
    title: 'Varenje, dim i brušenje',
    text: 'Aparati za varenje, elektrode, maske, zaštita na radu i brušenje.',
    categories: ['Varenje i zaštita'],
  },
  {
    file: 'mreze-kuke-uzad-vijci.pdf',
    title: 'Mreže, kuke, užad i vijci',
    text: 'Užad, lanci, mreže, kuke, vijci i tiple na komad, metar ili u pakiranju.',
    categories: ['Mreže, kuke, užad i vijci'],
  },
  {
    file: 'stolice-stolovi.pdf',
    title: 'Stolice i stolovi',
    text: 'Vrtne i terasne stolice, stolovi i klupe za dom i ugostitelje.',
    categories: ['Stolice i stolovi'],
  },
  {
    file: 'suncobrani.pdf',
    title: 'Suncobrani',
    text: 'Suncobrani za terasu, plažu i ugostiteljstvo, s postoljima i navlakama.',
    categories: ['Suncobrani'],
  },
  {
    file: 'vrt-kucanstvo.pdf',
    title: 'Vrt i kućanstvo',
    text: 'Vrtni alati, navodnjavanje, kante, sušila i sve za kućanstvo.',
    categories: ['Vrt', 'Navodnjavanje', 'Kućanstvo'],
  },
] as const

export type CatalogFile = (typeof CATALOGS)[number]['file']

export const wholesale = {
  page: {
    eyebrow: 'Veleprodaja',
    title: 'Veleprodaja za tvrtke, obrtnike i trgovine',
    lead: 'Od 2000. godine opskrbljujemo gradilišta, radionice, ugostitelje i trgovine diljem Bosne i Hercegovine. Preuzmite naše kataloge i javite nam se za ponudu.',
    catalogsLink: 'Preuzmite kataloge',
    contactLink: 'Kontaktirajte nas',
  },
  reasons: {
    heading: 'Zašto kupovati u veleprodaji',
    items: [
      { title: 'Veleprodajne cijene', text: 'Niže cijene za veće količine i stalne partnere.' },
      { title: 'Široka ponuda', text: 'Tisuće artikala za radionicu, gradilište, vrt i ugostiteljstvo.' },
      { title: 'Roba na zalihi', text: 'Vlastito skladište u Sovićima i brza isporuka.' },
      { title: 'Iskustvo od 2000.', text: 'Obiteljska tvrtka kojoj kupci vjeruju više od dvadeset godina.' },
    ],
  },
  services: {
    heading: 'Naše usluge',
    items: [
      'Ponude po mjeri za tvrtke i obrtnike',
      'Dostava na adresu u cijeloj Bosni i Hercegovini',
      'Osobno preuzimanje u skladištu',
      'Opremanje terasa i ugostiteljskih objekata',
      'Narudžbe na komad, metar ili u pakiranju',
      'Savjet pri odabiru alata i materijala',
    ],
  },
  catalogs: {
    heading: 'Katalozi',
    lead: 'Katalozi se izrađuju iz naše trenutne ponude, s cijenama u KM.',
    // Which prices a download holds (docs/decisions.md, Walk-through fixes): a visitor's PDF has retail prices only.
    pricesForVisitors:
      'Katalozi za posjetitelje sadrže maloprodajne cijene. Veleprodajne cijene pojavljuju se u katalozima nakon što se prijavi veleprodajni kupac.',
    signInForPrices: 'Prijavite se kao veleprodajni kupac',
    pricesForCustomers:
      'Vaš račun nije veleprodajni, pa katalozi sadrže maloprodajne cijene. Za veleprodajni račun javite nam se.',
    askForAccount: 'Zatražite veleprodajni račun',
    pricesForWholesale: 'Prijavljeni ste kao veleprodajni kupac: katalozi sadrže i vaše veleprodajne cijene.',
    offerTitle: 'Trebate nešto drugo?',
    offerText: 'Javite nam se za ponudu po mjeri ili za artikle koji nisu u katalozima.',
    downloadLabel: 'Preuzmi katalog {title} (PDF)',
    // §4 and §8 Catalogue download.
    downloading: 'Preuzimanje...',
    emptyFile: 'Katalog je prazan. Molimo kontaktirajte administratora.',
    notFound: 'Katalog nije pronađen. Molimo kontaktirajte administratora.',
    wrongType: 'Nevažeći format datoteke. Očekivan je PDF.',
    failed: 'Greška pri preuzimanju. Pokušajte ponovno.',
  },
  contact: {
    heading: 'Kontakt veleprodaje',
    lead: 'Pošaljite nam upit ili nazovite: odgovaramo isti radni dan.',
    phone: 'Telefon',
    fax: 'Fax',
    email: 'E-mail',
    address: 'Adresa',
    hours: 'Radno vrijeme veleprodaje',
  },
  // The PDF itself (built by the API).
  pdf: {
    subtitle: 'Veleprodajni katalog',
    generated: 'Cijene su u KM i uključuju PDV. Stanje ponude na dan {date}',
    columns: { code: 'Šifra', name: 'Naziv', price: 'Cijena', wholesalePrice: 'Veleprodaja' },
    empty: 'Trenutno nema proizvoda u ovom katalogu.',
    // A guest's or a customer's copy (wholesale prices only for wholesale customers and staff).
    wholesaleHidden: 'Veleprodajne cijene vidljive su prijavljenim veleprodajnim kupcima.',
    // ours (DECISIONS: the lowest price wins): marks a public price below the wholesale one
    lowerPublicPrice: '* Akcijska ili redovna cijena niža je od veleprodajne i vrijedi i za veleprodajne kupce.',
    page: 'Stranica {page} / {pages}',
    unknownFile: 'Katalog nije pronađen.',
  },
} as const
