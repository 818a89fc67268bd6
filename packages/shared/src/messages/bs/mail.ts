// Texts of the mails the shop sends (DECISIONS: Gaps filled, Mails sent). The specification
// gives none, so these are ours; {shopName}, {name} and {hours} are filled by format().
export const mail = {
  greeting: 'Poštovani/a {name},',
  greetingWithoutName: 'Poštovani,',
  linkFallback: 'Ako gumb ne radi, kopirajte ovu poveznicu u preglednik:',
  signature: 'Srdačan pozdrav,',
  automatic: 'Ova poruka je poslana automatski, molimo ne odgovarajte na nju.',
  verifySubject: 'Potvrdite svoju e-poštu – {shopName}',
  verifyIntro: 'Hvala što ste se registrirali u {shopName}. Potvrdite svoju adresu e-pošte klikom na poveznicu ispod.',
  verifyValidity: 'Poveznica vrijedi {hours} sata.',
  verifyAction: 'Potvrdi e-poštu',
  verifyIgnore: 'Ako se niste registrirali, zanemarite ovu poruku.',
  resetSubject: 'Postavljanje nove lozinke – {shopName}',
  resetIntro: 'Primili smo zahtjev za postavljanje nove lozinke za vaš račun u {shopName}.',
  resetValidity: 'Poveznica vrijedi {hours} sat i može se upotrijebiti samo jednom.',
  resetAction: 'Postavi novu lozinku',
  resetIgnore: 'Ako niste zatražili novu lozinku, zanemarite ovu poruku; vaša lozinka ostaje nepromijenjena.',
} as const
