import { useId, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { seo } from '@shop/shared/messages/bs/seo.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { EmailInput, Field, Input } from '../../../ui/field.tsx'
import { CheckList } from '../../../ui/check-list.tsx'
import { requestSignIn } from '../api/sign-in.ts'
import { checkLoginInput, type LoginField } from '../login-validation.ts'
import { safeReturnPath } from '../return-url.ts'
import { describeSignInError, type SignInFailure } from '../sign-in-error.ts'
import { AuthSubmitButton } from '../components/auth-submit-button.tsx'
import './login-page.css'

const { login } = shell

/** Why the app sent the user here (app/guards.tsx `LoginNotice`: a session the server ended). */
function noticeOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
    ? state.notice
    : null
}

export function LoginPage() {
  usePageTitle(seo.pages.login.title)
  const { signIn } = useSession()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const notice = noticeOf(useLocation().state)
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [isPasswordShown, setIsPasswordShown] = useState(false)
  const [failure, setFailure] = useState<SignInFailure | null>(null)
  const [invalidFields, setInvalidFields] = useState<LoginField[]>([])
  const [isSubmitting, setIsSubmitting] = useState(false)
  const emailInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const passwordId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (isSubmitting) return
    const check = checkLoginInput({ email, password })
    if (!check.isValid) {
      setFailure({ message: check.message, isVerificationError: false })
      setInvalidFields(check.fields)
      ;(check.fields[0] === 'password' ? passwordInput : emailInput).current?.focus()
      return
    }
    setEmail(check.value.email)
    setFailure(null)
    setInvalidFields([])
    setIsSubmitting(true)
    try {
      const { token, user } = await requestSignIn(check.value)
      signIn(token, user)
      void navigate(safeReturnPath(searchParams.get('returnUrl')) ?? '/account', { replace: true })
    } catch (error) {
      setFailure(describeSignInError(error))
      setIsSubmitting(false)
    }
  }

  const isInvalid = (field: LoginField) => invalidFields.includes(field)

  return (
    <div className="container page login">
      <aside className="login__welcome">
        <p className="login__welcome-title">{login.benefitsTitle}</p>
        <CheckList items={login.benefits} />
      </aside>

      <section className="login__card ui-card" aria-labelledby="login-title">
        <h1 id="login-title">{login.title}</h1>
        <p className="login__subtitle">{login.subtitle}</p>

        <form className="login__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          {notice && !failure && <Alert tone="info">{notice}</Alert>}
          {failure && (
            <Alert tone="danger">
              <p id={errorId}>{failure.message}</p>
              {failure.isVerificationError && (
                <p>
                  <Link to={`/resend-verification?email=${encodeURIComponent(email)}`}>{login.resendVerification}</Link>
                </p>
              )}
            </Alert>
          )}

          <Field label={login.email}>
            {(control) => (
              <EmailInput
                {...control}
                ref={emailInput}
                name="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={isInvalid('email') || undefined}
                aria-describedby={isInvalid('email') ? errorId : undefined}
              />
            )}
          </Field>

          <Field label={login.password} id={passwordId}>
            {(control) => (
              <div className="ui-input-group">
                <Input
                  {...control}
                  ref={passwordInput}
                  type={isPasswordShown ? 'text' : 'password'}
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={isInvalid('password') || undefined}
                  aria-describedby={isInvalid('password') ? errorId : undefined}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  className="ui-input-group__addon"
                  aria-pressed={isPasswordShown}
                  aria-controls={passwordId}
                  onClick={() => setIsPasswordShown((shown) => !shown)}
                >
                  {isPasswordShown ? login.hidePassword : login.showPassword}
                </Button>
              </div>
            )}
          </Field>

          <div className="login__forgot">
            <Link to="/forgot-password">{login.forgotPassword}</Link>
          </div>

          <AuthSubmitButton isSubmitting={isSubmitting} text={login} />
        </form>

        <p className="login__register">
          {login.noAccount} <Link to="/register">{login.register}</Link>
        </p>
      </section>
    </div>
  )
}
