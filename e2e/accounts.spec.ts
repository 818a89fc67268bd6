import { expect, test, type Locator, type Page } from './fixtures.ts'
import { failEmpty, linkIn, registerThroughApi, signInAndWait, uniqueEmail, waitForMail } from './support.ts'

// The account experience end to end (customer-side.md §2, §4, §5, §8; staff-and-content.md Password
// reset and Account screen): every test registers its own customer, so nothing depends on other specs.
// Wrong passwords are kept to a minimum: every spec signs in from 127.0.0.1, and 20 failures from one
// address within 15 minutes lock sign-in for everybody (DECISIONS: Security).

const PASSWORD = 'Zelena-Jabuka-71'
const VERIFY_SUBJECT = /Potvrdite svoju e-poštu/
const RESET_SUBJECT = /Postavljanje nove lozinke/

function main(page: Page) {
  return page.getByRole('main')
}

/** Empties the field and types `text` key by key, as a person retypes the date of birth (its mask adds the slashes). */
async function retype(field: Locator, text: string): Promise<void> {
  await field.fill('')
  await field.pressSequentially(text)
}

/** 'DD/MM/GGGG' of the day `years` years before today, in the browser's calendar. */
function yearsAgo(years: number): string {
  const date = new Date()
  date.setFullYear(date.getFullYear() - years)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(date.getDate())}${pad(date.getMonth() + 1)}${date.getFullYear()}`
}

async function signInThroughPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Lozinka', exact: true }).fill(password)
  await main(page).getByRole('button', { name: 'Prijava' }).click()
}

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Lozinka', exact: true }).fill(PASSWORD)
  await page.getByLabel('Potvrdite lozinku').fill(PASSWORD)
  await page.getByLabel('Ime i prezime').fill('Ana Kovač')
  await retype(page.getByLabel('Datum rođenja'), '12051990')
  await page.getByLabel('Spol').selectOption({ label: 'Žensko' })
  await page.getByLabel('Broj telefona').fill('+387 63 123 456')
  await page.getByLabel('Ulica i kućni broj').fill('Sovići bb')
  await page.getByLabel('Grad').fill('Grude')
  await page.getByLabel('Poštanski broj').fill('88340')
  await page.getByLabel('Kanton/Entitet').selectOption('Zapadno-Hercegovački kanton')
  await page.getByLabel(/Želim primati obavijesti/).check()
  await page.getByRole('checkbox', { name: /Uvjete usluge/ }).check()
  await page.getByRole('checkbox', { name: /Pravila privatnosti/ }).check()
}

test('registration: the form checks every rule, sends the payload, the mailed link verifies, then sign-in', async ({
  page,
}) => {
  const email = uniqueEmail('registracija')
  await page.goto('/register')
  await expect(page.getByRole('heading', { level: 1, name: 'Registracija' })).toBeVisible()

  // The 14 cantons, the gender options and the legal links.
  const cantons = page.getByLabel('Kanton/Entitet').locator('option')
  await expect(cantons).toHaveCount(15)
  await expect(cantons.nth(14)).toHaveText('Brčko distrikt')
  await expect(page.getByLabel('Spol').locator('option')).toHaveText(['Ne želim navesti', 'Muško', 'Žensko', 'Ostalo'])
  await expect(main(page).getByRole('link', { name: /Uvjete usluge/ })).toHaveAttribute('href', '/TermsOfService')
  await expect(main(page).getByRole('link', { name: /Pravila privatnosti/ })).toHaveAttribute('href', '/PrivacyPolicy')
  await expect(page.getByLabel('Država')).toHaveValue('Bosna i Hercegovina')

  // An empty form.
  const submit = main(page).getByRole('button', { name: 'Registrirajte se' })
  await submit.click()
  await expect(main(page).getByText('Sva potrebna polja moraju biti ispunjena')).toHaveCount(4)
  await expect(main(page).getByText('Datum rođenja je obavezan')).toBeVisible()
  await expect(main(page).getByText('Morate prihvatiti Uvjete usluge i Pravila privatnosti')).toBeVisible()

  // E-mail format, password length and match; the date gets its slashes while typed, at most 10 characters.
  await page.getByLabel('Email').fill('ana@demo')
  await page.getByRole('textbox', { name: 'Lozinka', exact: true }).fill('kratka')
  await page.getByLabel('Potvrdite lozinku').fill('druga')
  const dateOfBirth = page.getByLabel('Datum rođenja')
  await dateOfBirth.pressSequentially('3102')
  await expect(dateOfBirth).toHaveValue('31/02')
  await dateOfBirth.pressSequentially('20001999')
  await expect(dateOfBirth).toHaveValue('31/02/2000')
  await submit.click()
  await expect(main(page).getByText('Unesite važeću adresu e-pošte')).toBeVisible()
  await expect(main(page).getByText('Lozinka mora imati najmanje 8 znakova')).toBeVisible()
  await expect(main(page).getByText('Lozinke se ne podudaraju')).toBeVisible()
  await expect(main(page).getByText('Unesite važeći datum')).toBeVisible()

  await retype(dateOfBirth, '010185')
  await expect(dateOfBirth).toHaveValue('01/01/85')
  await expect(main(page).getByText('Datum rođenja mora biti u formatu DD/MM/GGGG')).toBeVisible()
  await retype(dateOfBirth, yearsAgo(17))
  await expect(main(page).getByText('Za registraciju morate imati najmanje 18 godina')).toBeVisible()

  // A valid form: the payload carries the date as YYYY-MM-DD and no form-only fields.
  await fillRegistration(page, email)
  const registerCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/register'))
  await submit.click()
  const payload = (await registerCall).postDataJSON() as Record<string, unknown>
  expect(payload).toMatchObject({
    email,
    password: PASSWORD,
    full_name: 'Ana Kovač',
    date_of_birth: '1990-05-12',
    gender: 'female',
    state: 'Zapadno-Hercegovački kanton',
    zip_code: '88340',
    country: 'Bosna i Hercegovina',
    newsletter_subscription: true,
  })
  expect(payload).not.toHaveProperty('confirmPassword')
  expect(payload).not.toHaveProperty('acceptTerms')

  await expect(page.getByRole('heading', { level: 1, name: 'Provjerite svoju e-poštu' })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Idi na prijavu' })).toHaveAttribute('href', /^\/login/)
  await expect(main(page).getByRole('link', { name: 'Pošalji poveznicu ponovno' })).toHaveAttribute(
    'href',
    /^\/resend-verification/,
  )

  // The same e-mail again, in other letter case.
  await page.goto('/register')
  await fillRegistration(page, email.toUpperCase())
  await main(page).getByRole('button', { name: 'Registrirajte se' }).click()
  await expect(main(page).getByRole('alert')).toContainText(
    'An account with this email already exists. Please try logging in or use a different email address.',
  )

  // Not verified yet: the sign-in page says so and offers a new link, which the resend page sends.
  await page.goto('/login')
  await signInThroughPage(page, email, PASSWORD)
  await expect(main(page).getByText('Please verify your email before logging in.')).toBeVisible()
  await main(page).getByRole('link', { name: 'Pošaljite ponovno poveznicu za potvrdu' }).click()
  await expect(page).toHaveURL(/\/resend-verification\?email=/)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await main(page).getByRole('button', { name: 'Pošalji poveznicu' }).click()
  await expect(main(page).getByRole('status').filter({ hasText: 'poslali smo novu poveznicu' })).toBeVisible()

  // The mailed link verifies the account once.
  const link = linkIn(await waitForMail(email, VERIFY_SUBJECT), '/verify-email/')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'E-pošta je potvrđena' })).toBeVisible()
  await main(page).getByRole('link', { name: 'Prijavite se' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughPage(page, `  ${email.toUpperCase()} `, PASSWORD)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByLabel('Ime i prezime')).toHaveValue('Ana Kovač')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Poveznica nije valjana' })).toBeVisible()
})

test('sign-in messages, forgot password, the mailed reset link and the new password', async ({ page, request }) => {
  const email = uniqueEmail('lozinka')
  await registerThroughApi(request, email, PASSWORD)

  await page.goto('/login')
  const signInButton = main(page).getByRole('button', { name: 'Prijava' })
  await signInButton.click()
  await expect(main(page).getByRole('alert')).toHaveText('Email i lozinka su obavezni')
  await page.getByLabel('Email').fill('ana@demo')
  await page.getByRole('textbox', { name: 'Lozinka', exact: true }).fill('nešto')
  await signInButton.click()
  await expect(main(page).getByRole('alert')).toHaveText('Unesite ispravnu email adresu')
  await signInThroughPage(page, email, 'Pogresna123!')
  await expect(main(page).getByRole('alert')).toHaveText('Pogrešan email ili lozinka')

  // Forgot password: its own messages, and one neutral answer for a known and an unknown e-mail.
  await main(page).getByRole('link', { name: 'Zaboravili ste lozinku?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  const send = main(page).getByRole('button', { name: 'Pošalji upute' })
  await send.click()
  await expect(main(page).getByText('Email je obavezan')).toBeVisible()
  await page.getByLabel('Email').fill('ana@demo')
  await send.click()
  await expect(main(page).getByText('Unesite ispravnu email adresu')).toBeVisible()
  const neutral = 'Ako postoji račun s ovom adresom, poslali smo upute za postavljanje nove lozinke.'
  // Even a failed call gets the neutral answer (staff-and-content.md §8 Password).
  await page.route('**/api/auth/forgot-password', (route) =>
    route.fulfill({ status: 500, json: { message: 'An unexpected error occurred.', code: 'UNKNOWN_ERROR' } }),
  )
  await page.getByLabel('Email').fill(uniqueEmail('kvar'))
  await send.click()
  await expect(main(page).getByText(neutral)).toBeVisible()
  await page.unrouteAll()
  await page.reload()
  await expect(main(page).getByText(neutral)).toHaveCount(0)
  await page.getByLabel('Email').fill(uniqueEmail('nepostojeci'))
  await send.click()
  await expect(main(page).getByText(neutral)).toBeVisible()
  await page.getByLabel('Email').fill(` ${email.toUpperCase()}`)
  await send.click()
  await expect(main(page).getByText(neutral)).toBeVisible()

  // The reset page checks the link, then the new password's rules.
  const link = linkIn(await waitForMail(email, RESET_SUBJECT), '/reset-password/')
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Nova lozinka' })).toBeVisible()
  const save = main(page).getByRole('button', { name: 'Spremi novu lozinku' })
  await save.click()
  await expect(main(page).getByText('Lozinka je obavezna')).toBeVisible()
  await page.getByRole('textbox', { name: 'Nova lozinka', exact: true }).fill('kratka')
  await save.click()
  await expect(main(page).getByText('Lozinka mora imati najmanje 8 znakova')).toBeVisible()
  await page.getByRole('textbox', { name: 'Nova lozinka', exact: true }).fill('NovaLozinka1!')
  await page.getByLabel('Potvrdite novu lozinku').fill('NovaLozinka2!')
  await save.click()
  await expect(main(page).getByText('Lozinke se ne podudaraju')).toBeVisible()
  await page.getByLabel('Potvrdite novu lozinku').fill('NovaLozinka1!')
  // A failure that is not a dead link keeps the form with the fallback text (staff-and-content.md §8).
  await page.route('**/api/auth/reset-password/**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'An unexpected error occurred.', code: 'UNKNOWN_ERROR' } })
      : route.fallback(),
  )
  await save.click()
  await expect(main(page).getByText('Greška pri resetiranju lozinke. Pokušajte ponovno.')).toBeVisible()
  await page.unrouteAll()
  await save.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Lozinka je promijenjena' })).toBeVisible()
  await expect(main(page).getByText('Lozinka je uspješno postavljena. Sada se možete prijaviti.')).toBeVisible()

  // The reset also confirmed the e-mail (only the mailbox owner had the link): sign in with the new
  // password, and the returnUrl is honoured.
  await expect(main(page).getByRole('link', { name: 'Prijavite se' })).toHaveAttribute('href', '/login')
  await page.goto('/login?returnUrl=%2Forders')
  await signInThroughPage(page, email, 'NovaLozinka1!')
  await expect(page).toHaveURL(/\/orders$/)

  // A used link and a made-up one show the invalid-link screen.
  for (const deadLink of [link, '/reset-password/izmisljeni-token']) {
    await page.goto(deadLink)
    await expect(page.getByRole('heading', { level: 1, name: 'Poveznica nije valjana ili je istekla' })).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Zatražite novu poveznicu' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  }
})

test('account page: sign-in guard, profile rules and save, password change, orders tab', async ({ page, request }) => {
  const email = uniqueEmail('racun')
  await registerThroughApi(request, email, PASSWORD, { phone_number: '063 111 222', zip_code: '88000' })
  const verification = await waitForMail(email, VERIFY_SUBJECT)
  const token = linkIn(verification, '/verify-email/').split('/verify-email/')[1] ?? ''
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)

  // Without a user /account goes to the sign-in page, and back after it.
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccount$/)
  await signInThroughPage(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('tab', { name: 'Moj profil' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Država')).toHaveAttribute('readonly', '')
  await expect(page.getByLabel('Datum rođenja')).toHaveValue('12/05/1990')
  await expect(page.getByLabel('Broj telefona')).toHaveAttribute('placeholder', '+387')

  // The profile rules.
  const save = main(page).getByRole('button', { name: 'Spremi promjene' })
  await page.getByLabel('Broj telefona').fill('   ')
  await page.getByLabel('Poštanski broj').fill('880')
  await retype(page.getByLabel('Datum rođenja'), yearsAgo(16))
  await save.click()
  await expect(main(page).getByText('Unesite ispravan broj telefona')).toBeVisible()
  await expect(main(page).getByText('Molimo unesite ispravan poštanski broj od 5 znamenki')).toBeVisible()
  await expect(main(page).getByText('Morate imati najmanje 18 godina', { exact: true })).toBeVisible()

  // A valid save, kept after a reload.
  await page.getByLabel('Broj telefona').fill('+387 39 660 000')
  await page.getByLabel('Poštanski broj').fill('88340')
  await retype(page.getByLabel('Datum rođenja'), '29021988')
  await page.getByLabel('Kanton/Entitet').selectOption('Hercegovačko-neretvanski kanton')
  await page.getByLabel(/Želim primati obavijesti/).check()
  const saveCall = page.waitForRequest((call) => call.method() === 'PUT' && call.url().includes('/api/profile/'))
  await save.click()
  expect((await saveCall).postDataJSON()).toMatchObject({ date_of_birth: '1988-02-29', zip_code: '88340' })
  await expect(main(page).getByText('Profil je uspješno ažuriran')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Broj telefona')).toHaveValue('+387 39 660 000')
  await expect(page.getByLabel('Datum rođenja')).toHaveValue('29/02/1988')
  await expect(page.getByLabel('Kanton/Entitet')).toHaveValue('Hercegovačko-neretvanski kanton')
  await expect(page.getByLabel(/Želim primati obavijesti/)).toBeChecked()

  // The change-password dialog: its four messages, a wrong current password refused, then the change.
  await main(page).getByRole('button', { name: 'Promijeni lozinku' }).click()
  const dialog = page.getByRole('dialog', { name: 'Promijeni lozinku' })
  const change = dialog.getByRole('button', { name: 'Promijeni lozinku' })
  await change.click()
  await expect(dialog.getByText('Unesite trenutnu lozinku')).toBeVisible()
  await expect(dialog.getByText('Unesite novu lozinku')).toBeVisible()
  await dialog.getByLabel('Trenutna lozinka').fill('PogresnaLozinka1!')
  await dialog.getByLabel('Nova lozinka', { exact: true }).fill('kratka')
  await change.click()
  await expect(dialog.getByText('Nova lozinka mora imati najmanje 8 znakova')).toBeVisible()
  await dialog.getByLabel('Nova lozinka', { exact: true }).fill('Promijenjena1!')
  await dialog.getByLabel('Potvrdite novu lozinku').fill('Promijenjena2!')
  await change.click()
  await expect(dialog.getByText('Lozinke se ne podudaraju')).toBeVisible()
  await dialog.getByLabel('Potvrdite novu lozinku').fill('Promijenjena1!')
  await change.click()
  await expect(dialog.getByRole('alert')).toHaveText('Trenutna lozinka nije ispravna')
  await dialog.getByLabel('Trenutna lozinka').fill(PASSWORD)
  await change.click()
  await expect(page.getByText('Lozinka je uspješno promijenjena')).toBeVisible()
  await expect(dialog).toBeHidden()

  // The change signed older tokens out; this session kept going with the new token.
  await page.reload()
  await expect(page.getByLabel('Ime i prezime')).toHaveValue('Test Kupac')

  // The orders tab: a new customer has none.
  await page.getByRole('tab', { name: 'Moje narudžbe' }).click()
  await expect(page).toHaveURL(/\/account\?tab=orders$/)
  await expect(main(page).getByText('Još nema narudžbi')).toBeVisible()

  // Sign out clears the session; the new password is the one that works.
  await page.getByRole('banner').getByRole('button', { name: 'Odjava' }).first().click()
  expect(await page.evaluate(() => [localStorage.getItem('shop.token'), localStorage.getItem('shop.user')])).toEqual([
    null,
    null,
  ])
  await page.goto('/login')
  await signInThroughPage(page, email, 'Promijenjena1!')
  await expect(page).toHaveURL(/\/account$/)

  // A session that ends while the page is open (the server answers 401 TOKEN_EXPIRED, as after a
  // password change elsewhere): on save the page says so and goes to sign-in.
  const expired = { status: 401, json: { message: 'Sesija je istekla.', error: 'Unauthorized', code: 'TOKEN_EXPIRED' } }
  await page.route('**/api/profile/**', (route) =>
    route.request().method() === 'PUT' ? route.fulfill(expired) : route.fallback(),
  )
  await save.click()
  await expect(page.getByText('Sesija je istekla. Molimo prijavite se ponovno.')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccount$/)
})

test('a stored session that the server refuses is cleared on start', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => {
    localStorage.setItem('shop.token', 'not-a-real-token')
    localStorage.setItem(
      'shop.user',
      JSON.stringify({ id: 'u1', email: 'nitko@test.example', role: 'user', roles: ['user'] }),
    )
  })
  await page.goto('/account')
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccount$/)
  expect(await page.evaluate(() => localStorage.getItem('shop.token'))).toBeNull()
})

test('a 401 while the account page loads ends the session with its own message', async ({ page, request }) => {
  const email = uniqueEmail('istekla')
  await registerThroughApi(request, email, PASSWORD)
  const token = linkIn(await waitForMail(email, VERIFY_SUBJECT), '/verify-email/').split('/verify-email/')[1] ?? ''
  expect((await request.post(`/api/auth/verify-email/${token}`)).status()).toBe(200)
  await page.route('**/api/profile/**', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 401, json: { message: 'Unauthorized', error: 'Unauthorized', code: 'UNAUTHORIZED' } })
      : route.fallback(),
  )
  await page.goto('/login?returnUrl=%2Faccount')
  await signInThroughPage(page, email, PASSWORD)
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Faccount$/)
  expect(await page.evaluate(() => localStorage.getItem('shop.token'))).toBeNull()
})

test('five wrong passwords lock the sign-in of that e-mail, even for the right password', async ({ page, request }) => {
  const email = uniqueEmail('zakljucan')
  await registerThroughApi(request, email, PASSWORD)
  await page.goto('/login')
  const form = main(page)
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await form.getByLabel(/e-?mail/i).fill(email)
    await form
      .getByLabel(/lozinka/i)
      .first()
      .fill(`Pogresna${attempt}!`)
    await form.getByRole('button', { name: /prijav/i }).click()
    await expect(form.getByText('Pogrešan email ili lozinka')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
  }
  await form
    .getByLabel(/lozinka/i)
    .first()
    .fill(PASSWORD)
  await form.getByRole('button', { name: /prijav/i }).click()
  await expect(form.getByText('Previše neuspjelih pokušaja prijave. Molimo pokušajte ponovno kasnije.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('registration sent empty focuses the first invalid field, the e-mail', async ({ page }) => {
  await page.goto('/register')
  await main(page).getByRole('button', { name: 'Registrirajte se' }).click()
  await expect(page.getByLabel('Email')).toBeFocused()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  // Fixing the e-mail and sending again moves on to the next invalid field, the password.
  await page.getByLabel('Email').fill('ana@test.example')
  await main(page).getByRole('button', { name: 'Registrirajte se' }).click()
  await expect(page.getByRole('textbox', { name: 'Lozinka', exact: true })).toBeFocused()
})

test('the date of birth takes typed slashes, single digits and a pasted ISO date', async ({ page }) => {
  await page.goto('/register')
  const dateOfBirth = page.getByLabel('Datum rođenja')
  await dateOfBirth.pressSequentially('15/3/1990')
  await expect(dateOfBirth).toHaveValue('15/03/1990')
  await retype(dateOfBirth, '5.11.2001')
  await expect(dateOfBirth).toHaveValue('05/11/2001')
  await retype(dateOfBirth, '15031990')
  await expect(dateOfBirth).toHaveValue('15/03/1990')
  // A paste puts the whole text in at once.
  await dateOfBirth.fill('1990-03-15')
  await expect(dateOfBirth).toHaveValue('15/03/1990')
})

test('a new save of the profile clears the old success box', async ({ page }) => {
  await signInAndWait(page, 'kupac@demo.ba')
  await page.goto('/account')
  const save = main(page).getByRole('button', { name: 'Spremi promjene' })
  const phone = page.getByLabel('Broj telefona')
  await expect(page.getByLabel('Ime i prezime')).not.toHaveValue('')
  await save.click()
  await expect(main(page).getByText('Profil je uspješno ažuriran')).toBeVisible()
  // A later save the form refuses: only the red errors remain.
  await phone.fill('   ')
  await save.click()
  await expect(main(page).getByText('Unesite ispravan broj telefona')).toBeVisible()
  await expect(main(page).getByText('Profil je uspješno ažuriran')).toHaveCount(0)
  // A later save the server refuses: the success box is gone too.
  await phone.fill('+387 63 123 456')
  await save.click()
  await expect(main(page).getByText('Profil je uspješno ažuriran')).toBeVisible()
  await failEmpty(page, '**/api/profile/**', 'PUT')
  await save.click()
  await expect(main(page).getByText(/Neuspješno ažuriranje profila/)).toBeVisible()
  await expect(main(page).getByText('Profil je uspješno ažuriran')).toHaveCount(0)
})
