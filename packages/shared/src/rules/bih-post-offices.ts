// Post offices of Bosnia and Herzegovina: the main office of each municipality, with its postcode and,
// where the place determines it, the canton or region as the shop's address forms name it
// (schemas/profile.ts CANTONS).
//
// Source: compiled by hand for this repository (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): no maintained
// npm package carries BiH postcodes, and the shop's machines reach no other source. The codes are those
// of the three postal operators' published lists (BH Pošta, HP Mostar, Pošte Srpske) as we know them;
// the list holds the main office of every municipality we could name with certainty, not branch offices
// or villages. An address with another code is never refused, only not suggested.
//
// region null: the place lies in Kanton 10, which the forms' list does not name, or we could not
// say with certainty which of the forms' RS regions the shop counts it in.
import type { Canton } from '../schemas/profile.ts'

export type PostOffice = {
  code: string
  place: string
  /** Other names buyers write for the place (former or shorter names). */
  aliases?: readonly string[]
  region: Canton | null
}

// The list as data, one block a region: a line naming the region as the forms write it (a line opening
// with '- ' where the region is null), then its offices, 'code place (alias/alias)'.
const TABLE = `
Zapadno-Hercegovački kanton:
  88340 Grude, 88220 Široki Brijeg (Široki), 88240 Posušje, 88320 Ljubuški
Hercegovačko-neretvanski kanton:
  88000 Mostar, 88260 Čitluk, 88266 Međugorje, 88300 Čapljina, 88360 Stolac, 88390 Neum, 88370 Ravno,
  88400 Konjic, 88420 Jablanica, 88440 Prozor-Rama (Prozor/Rama)
Kanton Sarajevo:
  71000 Sarajevo, 71210 Ilidža, 71240 Hadžići, 71220 Trnovo, 71320 Vogošća, 71380 Ilijaš
Zeničko-dobojski kanton:
  72000 Zenica, 72240 Kakanj, 71300 Visoko, 71370 Breza, 71330 Vareš, 71340 Olovo, 72220 Zavidovići,
  72230 Žepče, 74250 Maglaj, 74260 Tešanj, 74230 Usora
Srednjobosanski kanton:
  72270 Travnik, 72290 Novi Travnik, 72250 Vitez, 72260 Busovača, 71250 Kiseljak, 71260 Kreševo, 71270 Fojnica,
  70230 Bugojno, 70220 Donji Vakuf, 70240 Gornji Vakuf-Uskoplje (Gornji Vakuf/Uskoplje), 70101 Jajce
Tuzlanski kanton:
  75000 Tuzla, 75300 Lukavac, 75350 Srebrenik, 75320 Gračanica, 76250 Gradačac, 75270 Živinice, 75260 Kalesija,
  75290 Banovići, 75280 Kladanj
Bosansko-podrinjski kanton:
  73000 Goražde
Posavski kanton:
  76270 Orašje, 76290 Odžak
Unsko-sanski kanton:
  77000 Bihać, 77220 Cazin, 77230 Velika Kladuša, 77245 Bužim, 77240 Bosanska Krupa, 77250 Bosanski Petrovac,
  79260 Sanski Most, 79280 Ključ
- Kanton 10 (not among the forms' cantons):
  80101 Livno, 80240 Tomislavgrad (Duvno), 80320 Kupres, 80230 Glamoč, 80260 Drvar, 80270 Bosansko Grahovo
Banjalučka:
  78000 Banja Luka (Banjaluka), 78250 Laktaši, 78240 Čelinac, 78220 Kotor Varoš, 78230 Kneževo (Skender Vakuf),
  78400 Gradiška (Bosanska Gradiška), 78420 Srbac, 78430 Prnjavor, 79101 Prijedor,
  79220 Novi Grad (Bosanski Novi), 79240 Kozarska Dubica (Bosanska Dubica), 70260 Mrkonjić Grad (Mrkonjić),
  70270 Šipovo
Dobojsko-bijeljinska:
  74000 Doboj, 74270 Teslić, 74400 Derventa, 74450 Brod (Bosanski Brod), 74480 Modriča,
  76230 Šamac (Bosanski Šamac), 76300 Bijeljina, 76330 Ugljevik, 75240 Lopare
Sarajevsko-Zvornička:
  71123 Istočno Sarajevo (Lukavica), 71420 Pale, 71350 Sokolac, 73220 Rogatica, 71360 Han Pijesak,
  75400 Zvornik, 75420 Bratunac, 75430 Srebrenica, 75440 Vlasenica, 75446 Milići, 75450 Šekovići
- Republika Srpska, region not certain:
  73240 Višegrad, 73260 Rudo
Trebinjsko-Fočanska:
  89101 Trebinje, 89230 Bileća, 89240 Gacko, 88280 Nevesinje, 88380 Ljubinje, 73300 Foča, 73280 Čajniče,
  71230 Kalinovik
Brčko distrikt:
  76100 Brčko
`

function parseTable(table: string): PostOffice[] {
  const offices: PostOffice[] = []
  let region: Canton | null = null
  for (const line of table.split('\n')) {
    if (!line.trim()) continue
    if (!line.startsWith(' ')) {
      region = line.startsWith('- ') ? null : (line.slice(0, -1) as Canton)
      continue
    }
    for (const entry of line.trim().split(/,\s*/).filter(Boolean)) {
      const [, code = '', place = '', aliases] = /^(\d{5}) ([^(]+?)(?: \((.+)\))?$/.exec(entry) ?? []
      offices.push(aliases ? { code, place, region, aliases: aliases.split('/') } : { code, place, region })
    }
  }
  return offices
}

export const BIH_POST_OFFICES: readonly PostOffice[] = parseTable(TABLE)
