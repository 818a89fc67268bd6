import { useRef, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { account } from '@shop/shared/messages/bs/account.ts'
import { auth } from '@shop/shared/messages/bs/auth.ts'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { registerForm, registerFormToInput, type RegisterForm } from '@shop/shared/schemas/auth.ts'
import { COUNTRY } from '@shop/shared/schemas/profile.ts'
import type { z } from 'zod'
import { useSession } from '../../../app/session/session-context.ts'
import { AddressFields, useAddressSuggestions } from '../../../lib/address-fields.tsx'
import { PersonalFields } from '../../../lib/personal-fields.tsx'
import { EMPTY_SAVED_ADDRESS } from '../../../lib/saved-address.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { buttonClassName } from '../../../ui/button.tsx'
import { Checkbox, EmailInput, Field, PasswordInput, RequiredMark } from '../../../ui/field.tsx'
import { MailIcon } from '../../../ui/icons.tsx'
import { describeRegistrationError, requestRegistration, type RegistrationFailure } from '../api/register.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { focusFirstInvalid } from '../focus-first-invalid.ts'
import { AuthSubmitButton } from '../components/auth-submit-button.tsx'
import './register-page.css'

const text = auth.register
const fields = account.fields

const EMPTY_FORM: z.input<typeof registerForm> = {
  email: '',
  password: '',
  confirmPassword: '',
  ...EMPTY_SAVED_ADDRESS,
  country: COUNTRY,
  gender: '',
  date_of_birth: '',
  newsletter_subscription: false,
  acceptTerms: false,
  acceptPrivacy: false,
}

/** 'Prihvaćam <link>': the legal page opens in a new tab, so that the filled form stays. */
function LegalConsent({ to, linkText }: { to: string; linkText: string }) {
  return (
    <>
      {text.accept}{' '}
      <Link to={to} target="_blank" rel="noopener">
        {linkText}
        <span className="visually-hidden"> {text.opensInNewTab}</span>
      </Link>
      <RequiredMark />
    </>
  )
}

/** customer-side.md §2 /register, §3 Registration payload, §5 Registration, §8 Registration. */
export function RegisterPage() {
  usePageTitle(seo.pages.register.title ?? text.title)
  const { signIn } = useSession()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<RegistrationFailure | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const registrationForm = useForm<z.input<typeof registerForm>, unknown, RegisterForm>({
    resolver: zodResolver(registerForm),
    defaultValues: EMPTY_FORM,
    // The first invalid field in reading order gets the focus (focusFirstInvalid), not the first registered.
    shouldFocusError: false,
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = registrationForm
  // docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes': the place, postcode and canton suggested from each other.
  const addressSuggestions = useAddressSuggestions(registrationForm)

  async function submit(form: RegisterForm) {
    setFailure(null)
    try {
      const result = await requestRegistration(registerFormToInput(form))
      if (result.isVerificationSent) {
        setSentTo(form.email)
        window.scrollTo({ top: 0 })
        return
      }
      if (result.session) signIn(result.session.token, result.session.user)
      void navigate('/account', { replace: true })
    } catch (error) {
      setFailure(describeRegistrationError(error))
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={<MailIcon size={28} />}
        title={auth.checkEmail.title}
        text={format(auth.checkEmail.text, { email: sentTo })}
        footer={
          <>
            <Link to={`/login?email=${encodeURIComponent(sentTo)}`} className={buttonClassName()}>
              {auth.checkEmail.signIn}
            </Link>
            <Link
              to={`/resend-verification?email=${encodeURIComponent(sentTo)}`}
              className={buttonClassName({ variant: 'ghost' })}
            >
              {auth.checkEmail.resend}
            </Link>
          </>
        }
      />
    )
  }

  return (
    <div className="container page">
      <section className="register ui-card" aria-labelledby="register-title">
        <h1 id="register-title">{text.title}</h1>
        <p className="register__subtitle">{text.subtitle}</p>

        <form
          ref={formRef}
          className="ui-stack ui-stack--loose register__form"
          onSubmit={(event) =>
            void handleSubmit(submit, (invalid) => focusFirstInvalid(formRef.current, invalid))(event)
          }
          noValidate
        >
          {failure && (
            <Alert tone="danger">
              <p>{failure.message}</p>
              {failure.isEmailTaken && (
                <p>
                  <Link to="/login">{text.signIn}</Link> ·{' '}
                  <Link to="/forgot-password">{auth.forgotPassword.title}</Link>
                </p>
              )}
            </Alert>
          )}
          <p className="register__note">{text.requiredNote}</p>

          <fieldset className="ui-form-section">
            <legend>{text.signInSection}</legend>
            <Field label={text.email} isRequired error={errors.email?.message} className="ui-form-section__wide">
              {(control) => <EmailInput {...control} {...register('email')} aria-required="true" />}
            </Field>
            <Field label={text.password} isRequired error={errors.password?.message} hint={text.passwordHint}>
              {(control) => <PasswordInput {...control} {...register('password')} purpose="new" aria-required="true" />}
            </Field>
            <Field label={text.confirmPassword} isRequired error={errors.confirmPassword?.message}>
              {(control) => (
                <PasswordInput {...control} {...register('confirmPassword')} purpose="new" aria-required="true" />
              )}
            </Field>
          </fieldset>

          <PersonalFields legend={text.personalSection} register={register} errors={errors} isRequiredMarked />

          <AddressFields
            legend={text.addressSection}
            register={register}
            errors={errors}
            {...addressSuggestions}
            country={register('country')}
          />

          <div className="register__consents">
            <Checkbox label={fields.newsletter} {...register('newsletter_subscription')} />
            <Checkbox
              label={<LegalConsent to="/TermsOfService" linkText={text.termsLink} />}
              {...register('acceptTerms')}
              error={errors.acceptTerms?.message}
            />
            <Checkbox
              label={<LegalConsent to="/PrivacyPolicy" linkText={text.privacyLink} />}
              {...register('acceptPrivacy')}
              // One refusal message is enough when both boxes are unticked.
              error={errors.acceptTerms ? undefined : errors.acceptPrivacy?.message}
            />
          </div>

          <AuthSubmitButton isSubmitting={isSubmitting} text={text} />
        </form>

        <p className="register__sign-in">
          {text.haveAccount} <Link to="/login">{text.signIn}</Link>
        </p>
      </section>
    </div>
  )
}
