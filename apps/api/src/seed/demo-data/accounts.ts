import type { Role } from '@shop/shared/rules/roles.ts'
import type { Canton, GENDERS } from '@shop/shared/schemas/profile.ts'

/** Every demo account signs in with this password (README). */
export const DEMO_PASSWORD = 'Demo1234!'

export type DemoAccount = {
  email: string
  roles: Role[]
  profile: {
    fullName: string
    phoneNumber: string
    streetAddress: string
    city: string
    state: Canton
    zipCode: string
    dateOfBirth: string
    gender: (typeof GENDERS)[number]
    newsletterSubscription: boolean
  }
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@demo.ba',
    roles: ['user', 'admin'],
    profile: {
      fullName: 'Ivan Marić',
      phoneNumber: '+387 63 111 222',
      streetAddress: 'Sovići bb',
      city: 'Grude',
      state: 'Zapadno-Hercegovački kanton',
      zipCode: '88340',
      dateOfBirth: '1978-04-12',
      gender: 'male',
      newsletterSubscription: false,
    },
  },
  {
    email: 'menadzer@demo.ba',
    roles: ['user', 'store_manager'],
    profile: {
      fullName: 'Ana Kovačević',
      phoneNumber: '+387 63 222 333',
      streetAddress: 'Kralja Tomislava 15',
      city: 'Grude',
      state: 'Zapadno-Hercegovački kanton',
      zipCode: '88340',
      dateOfBirth: '1985-09-23',
      gender: 'female',
      newsletterSubscription: true,
    },
  },
  {
    email: 'veleprodaja@demo.ba',
    roles: ['user', 'wholesale'],
    profile: {
      fullName: 'Marko Šimić',
      phoneNumber: '+387 63 333 444',
      streetAddress: 'Zagrebačka 42',
      city: 'Široki Brijeg',
      state: 'Zapadno-Hercegovački kanton',
      zipCode: '88220',
      dateOfBirth: '1980-02-05',
      gender: 'male',
      newsletterSubscription: false,
    },
  },
  {
    email: 'kupac@demo.ba',
    roles: ['user'],
    profile: {
      fullName: 'Marija Đurić',
      phoneNumber: '+387 63 444 555',
      streetAddress: 'Kneza Domagoja 8',
      city: 'Mostar',
      state: 'Hercegovačko-neretvanski kanton',
      zipCode: '88000',
      dateOfBirth: '1992-06-17',
      gender: 'female',
      newsletterSubscription: true,
    },
  },
]
