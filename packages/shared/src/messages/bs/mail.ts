// Texts of the mails the shop sends (DECISIONS: Gaps filled, Mails sent). The specification
// gives none, so these are ours; {shopName}, {name} and {hours} are filled by format().
export const mail = {
  greeting: 'Poštovani/a {name},',
  greetingWithoutName: 'Poštovani,',
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
  deleteAccountSubject: 'Potvrda brisanja računa – {shopName}',
  deleteAccountIntro:
    'Zatražili ste brisanje svog računa u {shopName}. Račun ćemo obrisati kada potvrdite na poveznici ispod.',
  deleteAccountAction: 'Obriši moj račun',
  deleteAccountValidity: 'Poveznica vrijedi {hours} sat i može se upotrijebiti samo jednom.',
  deleteAccountIgnore:
    'Ako niste zatražili brisanje, zanemarite ovu poruku i promijenite lozinku; račun ostaje nepromijenjen.',
  resetIgnore: 'Ako niste zatražili novu lozinku, zanemarite ovu poruku; vaša lozinka ostaje nepromijenjena.',
  // Every mail's layout (docs/decisions.md, 'Mails in one layout')
  dateTime: '{date} u {time}',
  replyToShop: 'Imate pitanje o narudžbi? Odgovorite na ovu poruku i javit ćemo vam se.',
  replyToBuyer: 'Odgovorom na ovu poruku pišete kupcu.',
  replyToSender: 'Odgovorom na ovu poruku pišete pošiljatelju.',
  // The order confirmation: how the buyer pays and when the order comes (the terms, legal.ts)
  payment: 'Plaćanje',
  paymentOnDelivery: 'Pouzećem, gotovinom dostavljaču pri preuzimanju paketa',
  paymentAtPickup: 'Pri preuzimanju u trgovini',
  delivery: 'Očekivana isporuka',
  deliveryTime: '2–7 radnih dana od potvrde narudžbe',
  pickupTime: 'Javit ćemo vam se kad narudžba bude spremna za preuzimanje.',
  orderHeading: 'Vaša narudžba',
  orderItemsHeading: 'Proizvodi',
  detailsHeading: 'Podaci za dostavu',
  pickupDetailsHeading: 'Podaci kupca',
  viewOrder: 'Pogledajte narudžbu',
  // Under the button of a buyer's order mail (ours, docs/decisions.md, 'The private order page')
  orderLinkNote:
    'Poveznica otvara vašu narudžbu bez prijave i vrijedi godinu dana od narudžbe. Ne prosljeđujte je drugima.',
  viewOrderStaff: 'Otvorite narudžbe u administraciji',
  contactHeading: 'Poruka',
} as const
