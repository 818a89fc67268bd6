import { COMMON_PASSWORDS_TEXT } from './common-passwords-list.ts'

// OWASP ASVS 2.1.7: a new password is none of the most common (breached) ones, nor one of the
// patterns a guesser tries first (docs/decisions.md, 'Passwords that are guessed first'): the list's
// entries capitalised or with digits and symbols around them, repeated or sequential characters, keyboard
// rows, and the shop's own words (its name, its town, the published demo password).
let commonPasswords: Set<string> | undefined

function list(): Set<string> {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean))
  return commonPasswords
}

/**
 * Words that make no password however they are decorated: the shop's name and town, the word of its demo
 * accounts (README: 'Demo1234!'), the big towns nearby, and short words the 8-character list leaves out
 * because alone they are too short ('monkey1!' passes the length rule).
 */
const GUESSABLE_WORDS = new Set(
  [
    'trgovina sovici sovic grude demo',
    'sarajevo mostar banjaluka tuzla zenica bihac trebinje livno travnik bijeljina brcko posusje',
    'ljubuski siroki brijeg imotski zagreb split beograd bosna hercegovina bih',
    'password passwort pass lozinka sifra admin login user test guest welcome hello secret',
    'qwerty qwertz monkey dragon master shadow letmein iloveyou iloveu love volim volimte ljubav',
    'sunce mama tata baby princess football abc',
  ]
    .join(' ')
    .split(' '),
)

const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'qwertzuiop', 'asdfghjkl', 'yxcvbnm', 'zxcvbnm']
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' }

/** 'Šifra' -> 'sifra': lower case without diacritics, as a person types a word on any keyboard. */
function fold(value: string): string {
  return value
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
}

/** 'aaaaaaaa', 'abcabcabc', '12121212': one short piece over and over, or at most two characters. */
function isRepeated(value: string): boolean {
  if (value.length >= 6 && new Set(value).size <= 2) return true
  return /^(.{1,4})\1+$/.test(value)
}

/** 'abcdefgh', '87654321', 'qwertzui', 'lkjhgfds': each character follows the one before. */
function isSequence(value: string): boolean {
  if (value.length < 3) return false
  const steps = new Set(
    [...value].slice(1).map((character, index) => character.charCodeAt(0) - value.charCodeAt(index)),
  )
  if (steps.size === 1 && [...steps].every((step) => Math.abs(step) === 1)) return true
  const reversed = [...value].reverse().join('')
  return KEYBOARD_ROWS.some((row) => row.includes(value) || row.includes(reversed))
}

/** The value is guessable words one after the other: 'trgovinasovici', 'volimsarajevo'. */
function isWordsOnly(value: string): boolean {
  const reachable = [true, ...Array<boolean>(value.length).fill(false)]
  for (let end = 1; end <= value.length; end += 1) {
    for (let start = 0; start < end && !reachable[end]; start += 1) {
      const word = value.slice(start, end)
      reachable[end] = reachable[start]! && (GUESSABLE_WORDS.has(word) || list().has(word))
    }
  }
  return reachable[value.length]!
}

/** The letters between the digits and symbols around them: 'Password1!' -> 'password'. */
function coreOf(value: string): string {
  return value.replace(/^[^a-z]+|[^a-z]+$/g, '')
}

function isGuessableCore(core: string): boolean {
  return isRepeated(core) || isSequence(core) || isWordsOnly(core.replace(/[^a-z]+/g, ''))
}

/** True when the password, in any letter case, is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return list().has(password.toLowerCase())
}

/**
 * True when the password is one a guesser tries first: the list's entries in any case, with digits or
 * symbols before or after them (also in leetspeak: 'P@ssw0rd!'), characters repeated or in a row (also
 * 'abcd1234'), and the shop's own words ('Sovici2026!', 'Demo1234!').
 */
export function isGuessablePassword(password: string): boolean {
  if (isCommonPassword(password)) return true
  const folded = fold(password)
  const compact = folded.replace(/\s+/g, '')
  if (isRepeated(compact)) return true
  // Letters and digits each on their own: 'abcd1234', 'aaaa1111', '1234abcd'.
  const runs = compact.match(/[a-z]+|[0-9]+/g) ?? []
  if (runs.length > 0 && compact.replace(/[a-z0-9]/g, '').length <= 1 && runs.every(isGuessableCore)) return true
  const plain = coreOf(compact)
  const unLeet = coreOf([...compact].map((character) => LEET[character] ?? character).join(''))
  return [plain, unLeet].some((core) => core !== '' && isGuessableCore(core))
}
