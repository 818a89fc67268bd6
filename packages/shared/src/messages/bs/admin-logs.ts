// System logs (/admin/logs, admin only). staff-and-content.md §2 lists the page but does not show its
// content, so every text here is 'not in the specification', written in the staff's language.
export const adminLogs = {
  title: 'Sistemski zapisi',
  subtitle: 'Izmjene osoblja, neuspjele prijave i blokade, najnovije prvo.',
  // Column names of the table (and labels of the cards on a phone).
  columns: {
    time: 'Vrijeme',
    user: 'Korisnik',
    action: 'Radnja',
    entity: 'Objekt',
    entityId: 'ID objekta',
    summary: 'Sažetak',
    ip: 'IP adresa',
  },
  // The filter bar.
  filters: {
    legend: 'Filteri',
    user: 'Korisnik (e-mail)',
    userPlaceholder: 'npr. admin@trgovina.ba',
    userHint: 'Cijela e-mail adresa osobe koja je radila izmjenu ili se pokušala prijaviti.',
    action: 'Radnja',
    entity: 'Objekt',
    any: 'Sve',
    from: 'Od datuma',
    to: 'Do datuma',
    apply: 'Primijeni',
    clear: 'Očisti filtere',
    byThisUser: 'Prikaži samo zapise korisnika {email}',
  },
  loadMore: 'Učitaj još',
  loadingMore: 'Učitavanje...',
  shown: 'Prikazano: {count}',
  end: 'Nema starijih zapisa.',
  empty: 'Nema zapisa za odabrane filtere.',
  loadFailed: 'Učitavanje zapisa nije uspjelo. Molimo pokušajte ponovno.',
  detailsFailed: 'Učitavanje detalja zapisa nije uspjelo. Molimo pokušajte ponovno.',
  tryAgain: 'Pokušaj ponovno',
  utcNote: 'Datumi i vremena su u UTC.',
  system: 'Sustav',
  anonymous: 'Neprijavljen posjetitelj',
  openDetails: 'Detalji zapisa #{id}',
  // The details dialog with the readable diff.
  details: {
    title: 'Zapis #{id}',
    close: 'Zatvori',
    field: 'Polje',
    before: 'Prije',
    after: 'Poslije',
    noChanges: 'Nema izmijenjenih polja.',
    hidden: 'skriveno',
    empty: '(prazno)',
    created: 'Novi zapis',
    deleted: 'Obrisano',
  },
  summary: {
    changed: 'izmijenjeno: {fields}',
    more: '+{count}',
    created: 'dodano',
    deleted: 'obrisano',
  },
  // Sign-in failure reasons written by the auth module.
  reasons: {
    wrong_password: 'pogrešna lozinka',
    unknown_email: 'nepoznata e-mail adresa',
    wrong_current_password: 'pogrešna trenutna lozinka pri promjeni lozinke',
  } as Record<string, string>,
  // Labels of the actions that the shop writes; an unknown action shows its raw name.
  actions: {
    create: 'Dodavanje',
    update: 'Izmjena',
    delete: 'Brisanje',
    'order.status': 'Promjena statusa narudžbe',
    'order.cancel': 'Otkazivanje narudžbe',
    'order.status_undo': 'Poništena promjena statusa narudžbe',
    'order.suspicion_cleared': 'Uklonjena oznaka sumnjive narudžbe',
    profile_updated: 'Izmjena profila',
    sign_in_failed: 'Neuspjela prijava',
    sign_in_locked: 'Blokada prijave',
    'user.role_added': 'Dodijeljena uloga',
    'user.role_removed': 'Uklonjena uloga',
    'user.password_set': 'Postavljena lozinka',
    'user.disabled': 'Račun onemogućen',
    'user.enabled': 'Račun omogućen',
    'sale.config_updated': 'Izmjena postavki akcije',
    'sale.product_added': 'Proizvod dodan u akciju',
    'sale.product_removed': 'Proizvod uklonjen iz akcije',
    'sale.applied': 'Popusti akcije primijenjeni',
    'sale.restored': 'Cijene vraćene',
    'sale.started': 'Akcija počela',
    'sale.ended': 'Akcija završila',
  } as Record<string, string>,
  // Labels of the entities; an unknown entity shows its raw name.
  entities: {
    product: 'Proizvod',
    category: 'Kategorija',
    brand: 'Brend',
    slide: 'Slajd',
    image: 'Slika',
    menu_item: 'Stavka menija',
    menu_category: 'Kategorija menija',
    order: 'Narudžba',
    settings: 'Postavke',
    work_hours: 'Radno vrijeme',
    user: 'Korisnik',
    profile: 'Profil',
    sale: 'Akcija',
  } as Record<string, string>,
  // Bad filters (400); the page never sends them, a hand-made URL may.
  invalidDate: 'Datum mora biti u obliku GGGG-MM-DD.',
  rangeReversed: 'Datum "od" ne smije biti nakon datuma "do".',
  textTooLong: 'Filter je predug (najviše {max} znakova).',
  invalidCursor: 'Neispravna oznaka stranice. Učitajte zapise ponovno.',
  invalidId: 'Neispravan broj zapisa.',
  notFound: 'Zapis nije pronađen.',
} as const

/** The label of an action, or the raw name for an action the shop has not named yet. */
export function auditActionLabel(action: string): string {
  return adminLogs.actions[action] ?? action
}

/** The label of an entity, or its raw name. */
export function auditEntityLabel(entity: string): string {
  return adminLogs.entities[entity] ?? entity
}
