export const auth = {
  // customer-side.md §5 Login, §8 Sign-in. The catalogue's variants of two texts ('The email or
  // password you entered is incorrect.', 'Failed to sign in. Please try again.') belong to second code
  // paths of the original; this shop has one sign-in path, so each condition has one text.
  emailAndPasswordRequired: 'Email i lozinka su obavezni',
  loginEmailInvalid: 'Unesite ispravnu email adresu',
  emailNotVerified: 'Please verify your email before logging in.',
  invalidCredentials: 'Pogrešan email ili lozinka',
  emailNotFound: 'Korisnik s ovom email adresom nije pronađen. Molimo registrirajte se.',
  incorrectPassword: 'Pogrešna lozinka. Molimo pokušajte ponovno ili koristite opciju "Zaboravili ste lozinku?"',
  accountDisabled: 'Vaš račun je deaktiviran. Molimo kontaktirajte podršku.',
  tooManyAttempts: 'Previše neuspjelih pokušaja prijave. Molimo pokušajte ponovno kasnije.',
  signInFailed: 'Došlo je do greške prilikom prijave. Molimo pokušajte ponovno.',
  // customer-side.md §5 Registration, §8 Registration
  requiredFields: 'Sva potrebna polja moraju biti ispunjena',
  passwordsDoNotMatch: 'Lozinke se ne podudaraju',
  passwordTooShort: 'Lozinka mora imati najmanje 8 znakova',
  registerEmailInvalid: 'Unesite važeću adresu e-pošte',
  dateOfBirthRequired: 'Datum rođenja je obavezan',
  dateOfBirthFormat: 'Datum rođenja mora biti u formatu DD/MM/GGGG',
  dateOfBirthInvalid: 'Unesite važeći datum',
  tooYoung: 'Za registraciju morate imati najmanje 18 godina',
  termsRequired: 'Morate prihvatiti Uvjete usluge i Pravila privatnosti',
  userAlreadyExists: 'User already exists',
  userAlreadyExistsShown:
    'An account with this email already exists. Please try logging in or use a different email address.',
  registerFailed: 'Failed to create account. Please try again.',
  // staff-and-content.md §5 Forgot / Reset password, §8 Password
  forgotEmailRequired: 'Email je obavezan',
  forgotEmailInvalid: 'Unesite ispravnu email adresu',
  resetPasswordRequired: 'Lozinka je obavezna',
  resetPasswordTooShort: 'Lozinka mora imati najmanje 8 znakova',
  invalidResetToken: 'Invalid reset token',
  invalidOrExpiredResetToken: 'Invalid or expired reset token',
  // The API's message for the same answer (the English above stays its label).
  resetLinkInvalid: 'Poveznica za postavljanje nove lozinke nije valjana ili je istekla. Zatražite novu.',
  resetFailed: 'Greška pri resetiranju lozinke. Pokušajte ponovno.',
  // Server answers the specification leaves open (DECISIONS: Security)
  invalidVerificationToken: 'Poveznica za potvrdu e-pošte nije valjana ili je istekla.',
  emailVerified: 'Vaša e-pošta je potvrđena. Sada se možete prijaviti.',
  // docs/decisions.md, 'Security': the password check's queue is full; answered at once, 503 with Retry-After.
  passwordCheckBusy: 'Trenutno provjeravamo previše lozinki. Molimo pokušajte ponovno za nekoliko sekundi.',
  tooManyPasswordChanges: 'Previše pokušaja promjene lozinke. Molimo pokušajte ponovno kasnije.',
  verificationResent: 'Ako postoji nepotvrđen račun s ovom adresom, poslali smo novu poveznicu za potvrdu.',
  forgotPasswordSent: 'Ako postoji račun s ovom adresom, poslali smo upute za postavljanje nove lozinke.',
  passwordReset: 'Lozinka je uspješno postavljena. Sada se možete prijaviti.',
  invalidCurrentPassword: 'Trenutna lozinka nije ispravna',
  // OWASP ASVS 2.1.7 (docs/decisions.md, Security): one of the most common passwords
  passwordTooCommon: 'Ova lozinka je među najčešće korištenima i lako se pogađa. Odaberite drugu lozinku.',
  // ...or one of the patterns guessed first (docs/decisions.md, 'Passwords that are guessed first')
  passwordTooGuessable:
    'Ovu lozinku je lako pogoditi. Izbjegavajte ponovljene ili uzastopne znakove (aaaa, 1234, qwertz), ime trgovine ili mjesta i poznate riječi s brojem ili znakom na kraju.',
  // docs/decisions.md, Account mails in constant time: limits on registrations and account mails
  tooManyRegistrations: 'Previše registracija s ove adrese. Molimo pokušajte ponovno kasnije.',
  tooManyMails: 'Previše zahtjeva za slanje e-pošte. Molimo pokušajte ponovno kasnije.',
  signedOut: 'Odjavljeni ste.',

  // Labels of the account pages (ours, where the specification names no text)
  register: {
    title: 'Registracija',
    subtitle: 'Otvorite račun za brže naručivanje i pregled svojih narudžbi.',
    signInSection: 'Podaci za prijavu',
    personalSection: 'Osobni podaci',
    addressSection: 'Adresa',
    email: 'Email',
    password: 'Lozinka',
    passwordHint: 'Najmanje 8 znakova',
    confirmPassword: 'Potvrdite lozinku',
    requiredNote: 'Polja označena zvjezdicom (*) su obavezna.',
    accept: 'Prihvaćam',
    termsLink: 'Uvjete usluge',
    privacyLink: 'Pravila privatnosti',
    opensInNewTab: '(otvara se u novoj kartici)',
    submit: 'Registrirajte se',
    submitting: 'Registracija u tijeku...',
    haveAccount: 'Već imate račun?',
    signIn: 'Prijavite se',
  },
  // customer-side.md §2 Registration success
  checkEmail: {
    title: 'Provjerite svoju e-poštu',
    text: 'Poslali smo poveznicu za potvrdu na adresu {email}. Otvorite je kako biste aktivirali račun; poveznica vrijedi 24 sata.',
    signIn: 'Idi na prijavu',
    resend: 'Pošalji poveznicu ponovno',
  },
  verifyEmail: {
    title: 'Potvrda e-pošte',
    checking: 'Potvrđujemo vašu e-poštu...',
    successTitle: 'E-pošta je potvrđena',
    signIn: 'Prijavite se',
    failedTitle: 'Poveznica nije valjana',
    requestNew: 'Zatražite novu poveznicu',
  },
  resendVerification: {
    title: 'Ponovno slanje potvrde',
    text: 'Upišite e-mail adresu s kojom ste se registrirali i poslat ćemo vam novu poveznicu za potvrdu.',
    email: 'Email',
    submit: 'Pošalji poveznicu',
    submitting: 'Slanje...',
    backToSignIn: 'Natrag na prijavu',
  },
  forgotPassword: {
    title: 'Zaboravljena lozinka',
    text: 'Upišite e-mail adresu svog računa i poslat ćemo vam poveznicu za postavljanje nove lozinke.',
    email: 'Email',
    submit: 'Pošalji upute',
    submitting: 'Slanje...',
    backToSignIn: 'Natrag na prijavu',
  },
  resetPassword: {
    title: 'Nova lozinka',
    text: 'Upišite novu lozinku za svoj račun.',
    checking: 'Provjeravamo poveznicu...',
    password: 'Nova lozinka',
    confirmPassword: 'Potvrdite novu lozinku',
    submit: 'Spremi novu lozinku',
    submitting: 'Spremanje...',
    invalidTitle: 'Poveznica nije valjana ili je istekla',
    invalidText: 'Poveznica za novu lozinku vrijedi 1 sat i može se iskoristiti samo jednom. Zatražite novu poveznicu.',
    requestNew: 'Zatražite novu poveznicu',
    successTitle: 'Lozinka je promijenjena',
    signIn: 'Prijavite se',
  },
} as const
