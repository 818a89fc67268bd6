// The legal pages (staff-and-content.md §2 Legal pages): static text carrying the company facts of
// §1 — Sovići-Grude; pickup or cash on delivery only, no card payment; delivery within Bosnia and
// Herzegovina in 2 to 7 working days; returns within 15 days; a wrong delivery reported within 7
// days; refund or replacement within 30 days; buyers 18 or older; data requests answered within
// 30 days; prices include VAT.

export type LegalSection = { heading: string; paragraphs?: readonly string[]; points?: readonly string[] }
export type LegalDocument = { title: string; intro: string; updated: string; sections: readonly LegalSection[] }

const updated = 'Posljednja izmjena: 1. studenoga 2026.'

/** The published shipping price by parcel weight (staff-and-content.md §9), shown on the terms page. */
export const parcelPrices = {
  heading: 'Cijene dostave po težini paketa',
  intro: 'Objavljene cijene dostave jednog paketa, u KM s PDV-om:',
  weightColumn: 'Težina paketa',
  priceColumn: 'Cijena dostave',
  upTo: 'do {kg} kg',
  above: 'Za pakete teže od {kg} kg cijenu dostave dogovaramo s vama: kontaktirajte nas.',
  unloading: 'Pakete teže od {kg} kg istovara kupac.',
} as const

export const terms: LegalDocument = {
  title: 'Uvjeti korištenja',
  intro:
    'Ovi uvjeti vrijede za kupnju u web trgovini obiteljske tvrtke Trgovina Sovići sa sjedištem u Sovićima, Grude (Bosna i Hercegovina). Naručivanjem potvrđujete da ste ih pročitali i da ih prihvaćate.',
  updated,
  sections: [
    {
      heading: 'Prodavatelj',
      paragraphs: [
        'Prodavatelj je Trgovina Sovići, Sovići bb, 88340 Grude, Bosna i Hercegovina. Kontakt podaci (telefon i e-pošta) navedeni su u podnožju svake stranice.',
      ],
    },
    {
      heading: 'Tko može kupovati',
      paragraphs: [
        'Kupac mora imati najmanje 18 godina. Registracijom i narudžbom potvrđujete da ispunjavate taj uvjet.',
      ],
    },
    {
      heading: 'Cijene',
      points: [
        'Sve cijene iskazane su u konvertibilnim markama (KM) i uključuju PDV.',
        'Cijena proizvoda i dostave koja vrijedi je ona prikazana u košarici u trenutku narudžbe.',
        'Veleprodajne cijene vrijede samo za odobrene veleprodajne kupce.',
      ],
    },
    {
      heading: 'Narudžba i plaćanje',
      paragraphs: [
        'Narudžbu možete poslati kao gost ili kao registrirani kupac. Potvrdu narudžbe primit ćete e-poštom.',
        'Plaćanje je moguće isključivo pouzećem (gotovinom dostavljaču pri preuzimanju) ili pri osobnom preuzimanju u trgovini. Online plaćanje karticama nije moguće.',
      ],
    },
    {
      heading: 'Dostava',
      points: [
        'Dostavljamo na području cijele Bosne i Hercegovine.',
        'Rok isporuke je od 2 do 7 radnih dana od potvrde narudžbe.',
        'Cijena dostave prikazana je u košarici; iznad praga besplatne dostave dostava se ne naplaćuje.',
        'Osobno preuzimanje u trgovini u Sovićima je besplatno, u radno vrijeme trgovine.',
      ],
    },
    {
      heading: 'Povrat i reklamacije',
      points: [
        'Proizvod možete vratiti u roku od 15 dana od preuzimanja, neoštećen i u originalnom pakiranju.',
        'Pogrešnu ili oštećenu isporuku prijavite nam u roku od 7 dana od preuzimanja.',
        'Povrat novca ili zamjenu proizvoda izvršit ćemo u roku od 30 dana od primitka vraćenog proizvoda.',
      ],
    },
    {
      heading: 'Otkazivanje narudžbe',
      paragraphs: [
        'Narudžbu koja još čeka obradu možete otkazati sami na stranici svog računa ili nas o tome obavijestiti telefonom ili e-poštom.',
      ],
    },
    {
      heading: 'Izmjene uvjeta',
      paragraphs: ['Uvjete možemo izmijeniti; za svaku narudžbu vrijede uvjeti objavljeni u trenutku njezina slanja.'],
    },
  ],
}

export const privacy: LegalDocument = {
  title: 'Pravila privatnosti',
  intro:
    'Trgovina Sovići iz Sovića, Grude, brine o vašim osobnim podacima. Ovdje opisujemo koje podatke prikupljamo, zašto i koja su vaša prava.',
  updated,
  sections: [
    {
      heading: 'Koje podatke prikupljamo',
      points: [
        'Podatke računa: ime i prezime, e-adresu, broj telefona, adresu, kanton, poštanski broj, spol i datum rođenja.',
        'Podatke narudžbi: naručene proizvode, adresu dostave ili podatke za osobno preuzimanje.',
        'Poruke koje nam pošaljete putem kontakt obrasca.',
      ],
    },
    {
      heading: 'Zašto ih koristimo',
      points: [
        'Za obradu i dostavu narudžbi te za kontakt u vezi s njima.',
        'Za vođenje vašeg korisničkog računa i povijesti narudžbi.',
        'Za slanje novosti, samo ako ste se na njih pretplatili; pretplatu možete ukinuti u svakom trenutku na stranici računa.',
        'Datum rođenja koristimo da bismo provjerili da kupac ima najmanje 18 godina.',
      ],
    },
    {
      heading: 'Plaćanje',
      paragraphs: [
        'Plaćanje je moguće samo pouzećem ili pri osobnom preuzimanju, pa ne prikupljamo niti pohranjujemo podatke platnih kartica.',
      ],
    },
    {
      heading: 'Kome ih dajemo',
      paragraphs: [
        'Podatke potrebne za dostavu (ime, telefon i adresu) dajemo dostavnoj službi koja isporučuje narudžbu unutar Bosne i Hercegovine. Podatke ne prodajemo niti ih dajemo trećim stranama u marketinške svrhe.',
      ],
    },
    {
      heading: 'Sigurnost',
      paragraphs: [
        'Lozinke čuvamo samo u obliku sažetka koji se ne može vratiti u izvornik. Pristup podacima imaju samo zaposlenici kojima su potrebni za posao.',
      ],
    },
    {
      heading: 'Vaša prava',
      points: [
        'Možete zatražiti uvid u svoje podatke, njihov ispravak ili brisanje.',
        'Većinu podataka možete sami izmijeniti na stranici svog računa.',
        'Na svaki zahtjev u vezi s podacima odgovaramo u roku od 30 dana.',
      ],
    },
    {
      heading: 'Kontakt',
      paragraphs: [
        'Zahtjeve u vezi s osobnim podacima pošaljite na e-adresu ili telefon navedene u podnožju stranice, ili poštom na Trgovina Sovići, Sovići bb, 88340 Grude.',
      ],
    },
  ],
}
