export const account = {
  // customer-side.md §5 Account profile, §8 Account; staff-and-content.md §5, §8
  phoneInvalid: 'Unesite ispravan broj telefona',
  sessionExpiredOnLoad: 'Session expired. Please login again.',
  sessionExpiredOnSave: 'Sesija je istekla. Molimo prijavite se ponovno.',
  profileSaveFailed: 'Neuspješno ažuriranje profila: {message}',
  profileSaved: 'Profil je uspješno ažuriran',
  currentPasswordRequired: 'Unesite trenutnu lozinku',
  newPasswordRequired: 'Unesite novu lozinku',
  newPasswordTooShort: 'Nova lozinka mora imati najmanje 8 znakova',
  passwordsDoNotMatch: 'Lozinke se ne podudaraju',
  passwordChanged: 'Lozinka je uspješno promijenjena',
  passwordChangeFailed: 'Greška pri promjeni lozinke',
  noOrders: 'Još nema narudžbi',
  // staff-and-content.md §5 Profile edited by an admin (the 5-digit message serves the account page too)
  adminPhoneInvalid: 'Molimo unesite ispravan telefonski broj',
  zipInvalid: 'Molimo unesite ispravan poštanski broj od 5 znamenki',
  adminTooYoung: 'Korisnik mora imati najmanje 18 godina',
  // Server answers the specification leaves open
  fullNameRequired: 'Ime i prezime je obavezno',
  stateInvalid: 'Odaberite kanton s popisa',
  genderInvalid: 'Odaberite spol s popisa',
  userNotFound: 'Korisnik nije pronađen',
} as const
