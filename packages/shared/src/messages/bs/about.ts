// The about page (customer-side.md §1 and §2 /about): hero, story, four value cards (goal, values,
// team, delivery) and a why-choose-us block. The specification gives the facts (a family company
// founded in 2000 in Herzegovina, delivery in the whole country, tax refund for foreign buyers above
// 100 KM); the wording is ours.
export const about = {
  title: 'O Nama',
  eyebrow: 'Obiteljska tvrtka od {year}. godine',
  heading: 'Trgovina, restoran i veleprodaja iz srca Hercegovine',
  lead: 'Od {year}. godine u Sovićima kod Gruda brinemo o domovima, vrtovima i radionicama naših kupaca, a za stolom našeg restorana o njihovim slavljima.',
  facts: {
    label: 'Ukratko o nama',
    founded: { value: '{year}.', label: 'godina osnutka' },
    sections: { value: '3', label: 'poslovne jedinice: trgovina, restoran i veleprodaja' },
    delivery: { value: 'BiH', label: 'dostava u cijeloj zemlji' },
    taxRefund: { value: '{amount} KM', label: 'povrat poreza za strane kupce iznad ovog iznosa' },
  },
  storyHeading: 'Naša priča',
  story: [
    'Sve je počelo {year}. godine malom obiteljskom trgovinom u kojoj su susjedi mogli kupiti alat, vijke i sve što treba za kuću i vrt. Savjet je bio besplatan, a kupci su se vraćali.',
    'S godinama je ponuda rasla: danas u trgovini imamo električne i ručne alate, elektromaterijal i rasvjetu, opremu za vrt i navodnjavanje, boje, kućanstvo i namještaj za terasu. Uz trgovinu su nastali restoran s domaćom kuhinjom i veleprodaja za tvrtke, obrtnike i trgovine.',
    'I dalje smo obiteljska tvrtka. Svaki kupac za nas je susjed, bez obzira dolazi li iz Gruda ili naručuje s drugog kraja Bosne i Hercegovine.',
  ],
  valuesHeading: 'Što nas pokreće',
  values: {
    goal: {
      title: 'Naš cilj',
      text: 'Da na jednom mjestu pronađete sve za dom, vrt i radionicu, po poštenoj cijeni i uz stručan savjet.',
    },
    values: {
      title: 'Naše vrijednosti',
      text: 'Poštenje, pouzdanost i poštovanje prema kupcima, dobavljačima i našem kraju.',
    },
    team: {
      title: 'Naš tim',
      text: 'Iskusni prodavači, kuhari i skladištari koji poznaju svaki proizvod i rado pomažu.',
    },
    delivery: {
      title: 'Dostava',
      text: 'Dostavljamo u cijeloj Bosni i Hercegovini, a narudžbu možete preuzeti i osobno u trgovini.',
    },
  },
  whyHeading: 'Zašto odabrati nas',
  why: [
    'Više od dvadeset godina iskustva i tisuće zadovoljnih kupaca',
    'Provjereni brendovi: Bosch, Makita, Einhell, Stanley, Unior i drugi',
    'Plaćanje pouzećem ili pri osobnom preuzimanju',
    'Povrat poreza za strane kupce za kupnju iznad {amount} KM',
    'Veleprodajne cijene za tvrtke i obrtnike',
    'Savjet prije kupnje: telefonom, e-poštom, WhatsAppom ili Viberom',
  ],
  toStore: 'U trgovinu',
  locationHeading: 'Gdje se nalazimo',
  openMap: 'Otvori kartu',
  mapPlaceName: 'Sovići, Grude',
} as const
