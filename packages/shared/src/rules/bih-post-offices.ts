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

const ZHK: Canton = 'Zapadno-Hercegovački kanton'
const HNK: Canton = 'Hercegovačko-neretvanski kanton'
const KS: Canton = 'Kanton Sarajevo'
const USK: Canton = 'Unsko-sanski kanton'
const PK: Canton = 'Posavski kanton'
const TK: Canton = 'Tuzlanski kanton'
const ZDK: Canton = 'Zeničko-dobojski kanton'
const BPK: Canton = 'Bosansko-podrinjski kanton'
const SBK: Canton = 'Srednjobosanski kanton'
const BL: Canton = 'Banjalučka'
const DB: Canton = 'Dobojsko-bijeljinska'
const SZ: Canton = 'Sarajevsko-Zvornička'
const TF: Canton = 'Trebinjsko-Fočanska'
const BD: Canton = 'Brčko distrikt'

const office = (code: string, place: string, region: Canton | null, aliases?: string[]): PostOffice =>
  aliases ? { code, place, region, aliases } : { code, place, region }

export const BIH_POST_OFFICES: readonly PostOffice[] = [
  // Zapadno-Hercegovački kanton
  office('88340', 'Grude', ZHK),
  office('88220', 'Široki Brijeg', ZHK, ['Široki']),
  office('88240', 'Posušje', ZHK),
  office('88320', 'Ljubuški', ZHK),
  // Hercegovačko-neretvanski kanton
  office('88000', 'Mostar', HNK),
  office('88260', 'Čitluk', HNK),
  office('88266', 'Međugorje', HNK),
  office('88300', 'Čapljina', HNK),
  office('88360', 'Stolac', HNK),
  office('88390', 'Neum', HNK),
  office('88370', 'Ravno', HNK),
  office('88400', 'Konjic', HNK),
  office('88420', 'Jablanica', HNK),
  office('88440', 'Prozor-Rama', HNK, ['Prozor', 'Rama']),
  // Kanton Sarajevo
  office('71000', 'Sarajevo', KS),
  office('71210', 'Ilidža', KS),
  office('71240', 'Hadžići', KS),
  office('71220', 'Trnovo', KS),
  office('71320', 'Vogošća', KS),
  office('71380', 'Ilijaš', KS),
  // Zeničko-dobojski kanton
  office('72000', 'Zenica', ZDK),
  office('72240', 'Kakanj', ZDK),
  office('71300', 'Visoko', ZDK),
  office('71370', 'Breza', ZDK),
  office('71330', 'Vareš', ZDK),
  office('71340', 'Olovo', ZDK),
  office('72220', 'Zavidovići', ZDK),
  office('72230', 'Žepče', ZDK),
  office('74250', 'Maglaj', ZDK),
  office('74260', 'Tešanj', ZDK),
  office('74230', 'Usora', ZDK),
  // Srednjobosanski kanton
  office('72270', 'Travnik', SBK),
  office('72290', 'Novi Travnik', SBK),
  office('72250', 'Vitez', SBK),
  office('72260', 'Busovača', SBK),
  office('71250', 'Kiseljak', SBK),
  office('71260', 'Kreševo', SBK),
  office('71270', 'Fojnica', SBK),
  office('70230', 'Bugojno', SBK),
  office('70220', 'Donji Vakuf', SBK),
  office('70240', 'Gornji Vakuf-Uskoplje', SBK, ['Gornji Vakuf', 'Uskoplje']),
  office('70101', 'Jajce', SBK),
  // Tuzlanski kanton
  office('75000', 'Tuzla', TK),
  office('75300', 'Lukavac', TK),
  office('75350', 'Srebrenik', TK),
  office('75320', 'Gračanica', TK),
  office('76250', 'Gradačac', TK),
  office('75270', 'Živinice', TK),
  office('75260', 'Kalesija', TK),
  office('75290', 'Banovići', TK),
  office('75280', 'Kladanj', TK),
  // Bosansko-podrinjski kanton
  office('73000', 'Goražde', BPK),
  // Posavski kanton
  office('76270', 'Orašje', PK),
  office('76290', 'Odžak', PK),
  // Unsko-sanski kanton
  office('77000', 'Bihać', USK),
  office('77220', 'Cazin', USK),
  office('77230', 'Velika Kladuša', USK),
  office('77245', 'Bužim', USK),
  office('77240', 'Bosanska Krupa', USK),
  office('77250', 'Bosanski Petrovac', USK),
  office('79260', 'Sanski Most', USK),
  office('79280', 'Ključ', USK),
  // Kanton 10 (not among the forms' cantons)
  office('80101', 'Livno', null),
  office('80240', 'Tomislavgrad', null, ['Duvno']),
  office('80320', 'Kupres', null),
  office('80230', 'Glamoč', null),
  office('80260', 'Drvar', null),
  office('80270', 'Bosansko Grahovo', null),
  // Republika Srpska: Banjalučka
  office('78000', 'Banja Luka', BL, ['Banjaluka']),
  office('78250', 'Laktaši', BL),
  office('78240', 'Čelinac', BL),
  office('78220', 'Kotor Varoš', BL),
  office('78230', 'Kneževo', BL, ['Skender Vakuf']),
  office('78400', 'Gradiška', BL, ['Bosanska Gradiška']),
  office('78420', 'Srbac', BL),
  office('78430', 'Prnjavor', BL),
  office('79101', 'Prijedor', BL),
  office('79220', 'Novi Grad', BL, ['Bosanski Novi']),
  office('79240', 'Kozarska Dubica', BL, ['Bosanska Dubica']),
  office('70260', 'Mrkonjić Grad', BL, ['Mrkonjić']),
  office('70270', 'Šipovo', BL),
  // Republika Srpska: Dobojsko-bijeljinska
  office('74000', 'Doboj', DB),
  office('74270', 'Teslić', DB),
  office('74400', 'Derventa', DB),
  office('74450', 'Brod', DB, ['Bosanski Brod']),
  office('74480', 'Modriča', DB),
  office('76230', 'Šamac', DB, ['Bosanski Šamac']),
  office('76300', 'Bijeljina', DB),
  office('76330', 'Ugljevik', DB),
  office('75240', 'Lopare', DB),
  // Republika Srpska: Sarajevsko-Zvornička
  office('71123', 'Istočno Sarajevo', SZ, ['Lukavica']),
  office('71420', 'Pale', SZ),
  office('71350', 'Sokolac', SZ),
  office('73220', 'Rogatica', SZ),
  office('71360', 'Han Pijesak', SZ),
  office('75400', 'Zvornik', SZ),
  office('75420', 'Bratunac', SZ),
  office('75430', 'Srebrenica', SZ),
  office('75440', 'Vlasenica', SZ),
  office('75446', 'Milići', SZ),
  office('75450', 'Šekovići', SZ),
  office('73240', 'Višegrad', null),
  office('73260', 'Rudo', null),
  // Republika Srpska: Trebinjsko-Fočanska
  office('89101', 'Trebinje', TF),
  office('89230', 'Bileća', TF),
  office('89240', 'Gacko', TF),
  office('88280', 'Nevesinje', TF),
  office('88380', 'Ljubinje', TF),
  office('73300', 'Foča', TF),
  office('73280', 'Čajniče', TF),
  office('71230', 'Kalinovik', TF),
  // Brčko distrikt
  office('76100', 'Brčko', BD),
]
