// Edits that never overwrite each other (docs/decisions.md ('Edits that never overwrite each other')): not in the specification, written in
// the wording of the staff pages.
export const recordVersions = {
  stale:
    'Ovaj zapis je u međuvremenu promijenio {who} ({when}). Vaše izmjene nisu spremljene: učitajte najnoviju verziju.',
  gone: 'Ovaj zapis više ne postoji.',
  someone: 'drugi korisnik',
  required: 'Nedostaje verzija zapisa. Osvježite stranicu i pokušajte ponovo.',
  reload: 'Učitaj najnovije',
  reloaded:
    'Učitana je najnovija verzija. Polja koja ste mijenjali zadržala su vaš unos: provjerite ih i spremite ponovo.',
  reloadFailed: 'Najnovija verzija se nije mogla učitati. Pokušajte ponovo.',
} as const
