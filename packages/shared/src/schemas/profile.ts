import { z } from 'zod'
import { account } from '../messages/bs/account.ts'
import { auth } from '../messages/bs/auth.ts'
import { common } from '../messages/bs/common.ts'
import { calendarDateIn, isAdult, parseDisplayDate, parseIsoDate, type DateParse } from '../rules/date-of-birth.ts'
import { isProfilePostalCode } from '../rules/postal-code.ts'
import { ROLES } from '../rules/roles.ts'

/** The 14 cantons and regions offered as 'state' (customer-side.md §3; the shipping regions too). */
export const CANTONS = [
  'Unsko-sanski kanton',
  'Posavski kanton',
  'Tuzlanski kanton',
  'Zeničko-dobojski kanton',
  'Bosansko-podrinjski kanton',
  'Srednjobosanski kanton',
  'Hercegovačko-neretvanski kanton',
  'Zapadno-Hercegovački kanton',
  'Kanton Sarajevo',
  'Banjalučka',
  'Dobojsko-bijeljinska',
  'Sarajevsko-Zvornička',
  'Trebinjsko-Fočanska',
  'Brčko distrikt',
] as const
export type Canton = (typeof CANTONS)[number]

export const GENDERS = ['male', 'female', 'other'] as const
/** DECISIONS: the country is stored and shown as 'Bosna i Hercegovina' everywhere. */
export const COUNTRY = 'Bosna i Hercegovina'

/** 'YYYY-MM-DD' of today; schemas take it as a function so that tests and the server can move the clock. */
export type Today = () => string
export const shopToday: Today = () => calendarDateIn(Date.now())

const TEXT_MAX = 200
const tooLong = common.validationFailed

/** Optional text: absent keeps the stored value, '' or null clears it. */
export const optionalText = (max = TEXT_MAX) => z.string().trim().max(max, tooLong).nullish()

export const stateField = z.enum([...CANTONS, ''], { error: account.stateInvalid }).nullish()
export const genderField = z.enum([...GENDERS, ''], { error: account.genderInvalid }).nullish()

/** The address as registration and the staff edit take it: every part optional, a zip if given 5 digits. */
export const optionalAddressFields = {
  street_address: optionalText(),
  city: optionalText(),
  state: stateField,
  zip_code: z
    .string()
    .trim()
    .refine((value) => value === '' || isProfilePostalCode(value), account.zipInvalid)
    .nullish(),
}

type DateMessages = { required: string; format: string; invalid: string; tooYoung: string }
const REGISTRATION_DATE_MESSAGES: DateMessages = {
  required: auth.dateOfBirthRequired,
  format: auth.dateOfBirthFormat,
  invalid: auth.dateOfBirthInvalid,
  tooYoung: auth.tooYoung,
}

function dateOfBirthField(parse: (text: string) => DateParse, today: Today, texts: DateMessages) {
  return z
    .string({ error: texts.required })
    .trim()
    .superRefine((value, context) => {
      const parsed = parse(value)
      if (!parsed.ok) {
        context.addIssue({ code: 'custom', message: texts[parsed.reason] })
      } else if (!isAdult(parsed.isoDate, today())) {
        context.addIssue({ code: 'custom', message: texts.tooYoung })
      }
    })
}

/**
 * The profile of an existing customer: the registration's rules, but an age message that does not speak
 * of registering (docs/decisions.md, 'Walk-through fixes').
 */
const PROFILE_DATE_MESSAGES: DateMessages = { ...REGISTRATION_DATE_MESSAGES, tooYoung: account.profileTooYoung }

/** The API's date of birth, 'YYYY-MM-DD', with the registration messages (customer-side.md §5). */
export const isoDateOfBirthField = (today: Today) => dateOfBirthField(parseIsoDate, today, REGISTRATION_DATE_MESSAGES)
/** The forms' date of birth, typed 'DD/MM/GGGG'. */
export const displayDateOfBirthField = (today: Today) =>
  dateOfBirthField(parseDisplayDate, today, REGISTRATION_DATE_MESSAGES)

const accountPhone = z
  .string({ error: account.phoneInvalid })
  .trim()
  .min(1, account.phoneInvalid)
  .max(40, account.phoneInvalid)
const profileZip = z.string({ error: account.zipInvalid }).trim().refine(isProfilePostalCode, account.zipInvalid)

function accountFields(dateOfBirth: ReturnType<typeof isoDateOfBirthField>) {
  return {
    full_name: z.string().trim().min(1, account.fullNameRequired).max(TEXT_MAX, tooLong).optional(),
    phone_number: accountPhone,
    ...optionalAddressFields,
    zip_code: profileZip,
    gender: genderField,
    date_of_birth: dateOfBirth,
    newsletter_subscription: z.boolean().optional(),
  }
}

/**
 * The account page's profile save (customer-side.md §5 Account profile): phone not blank, zip
 * exactly 5 digits, date of birth real and 18+. E-mail and country are read-only, so they
 * are not part of the schema and are dropped if sent.
 */
export const createProfileUpdate = (today: Today = shopToday) =>
  z.object(accountFields(dateOfBirthField(parseIsoDate, today, PROFILE_DATE_MESSAGES)))
export const profileUpdate = createProfileUpdate()
export type ProfileUpdate = z.infer<typeof profileUpdate>

/** The account page form: the same rules, the date typed as DD/MM/GGGG. */
export const createProfileForm = (today: Today = shopToday) =>
  z.object(accountFields(dateOfBirthField(parseDisplayDate, today, PROFILE_DATE_MESSAGES)))
export const profileForm = createProfileForm()
export type ProfileForm = z.infer<typeof profileForm>

export function profileFormToUpdate(form: ProfileForm): ProfileUpdate {
  const parsed = parseDisplayDate(form.date_of_birth)
  return { ...form, date_of_birth: parsed.ok ? parsed.isoDate : form.date_of_birth }
}

const ADMIN_PHONE = /^\+?[\d\s-]{6,}$/

/**
 * A staff member's edit of a user's profile (staff-and-content.md §5 Profile edited by an
 * admin): phone optional but well formed, zip 5 digits, date of birth optional but 18+.
 */
export const createAdminProfileUpdate = (today: Today = shopToday) =>
  z.object({
    full_name: optionalText(),
    phone_number: z
      .string()
      .trim()
      .max(40, account.adminPhoneInvalid)
      .refine((value) => value === '' || ADMIN_PHONE.test(value), account.adminPhoneInvalid)
      .nullish(),
    ...optionalAddressFields,
    gender: genderField,
    date_of_birth: z
      .string()
      .trim()
      .superRefine((value, context) => {
        if (value === '') return
        const parsed = parseIsoDate(value)
        if (!parsed.ok) {
          context.addIssue({ code: 'custom', message: auth.dateOfBirthInvalid })
        } else if (!isAdult(parsed.isoDate, today())) {
          context.addIssue({ code: 'custom', message: account.adminTooYoung })
        }
      })
      .nullish(),
    newsletter_subscription: z.boolean().optional(),
  })
export const adminProfileUpdate = createAdminProfileUpdate()
export type AdminProfileUpdate = z.infer<typeof adminProfileUpdate>

/** Name, phone and address as the API answers them, in a profile and an order's shipping address. */
export const contactAddressView = z.object({
  full_name: z.string(),
  phone_number: z.string(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
})

/** A profile as the API answers it: empty text is '', a missing date of birth null. */
export const profileView = contactAddressView.extend({
  gender: z.enum([...GENDERS, '']),
  date_of_birth: z.string().nullable(),
  newsletter_subscription: z.boolean(),
  role: z.enum(ROLES),
})
export type ProfileView = z.infer<typeof profileView>

/** GET and PUT /api/profile/{email} answer the profile with its e-mail (shown read-only). */
export const profileWithEmail = profileView.extend({
  email: z.string(),
  /** docs/decisions.md ('Edits that never overwrite each other'): the version a staff edit of the profile sends back. */
  version: z.number(),
})
export type ProfileWithEmail = z.infer<typeof profileWithEmail>
