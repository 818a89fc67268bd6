import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { account } from '@shop/shared/messages/bs/account.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import type { ProfileWithEmail } from '@shop/shared/schemas/profile.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { ApiError } from '../../../lib/api-client.ts'
import type { SessionUser } from '../../../lib/auth-storage.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { RetryAlert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { ShieldIcon } from '../../../ui/icons.tsx'
import { LoadingBlock } from '../../../ui/spinner.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { OrderHistory } from '../../orders/components/order-history.tsx'
import { fetchProfile } from '../api/profile.ts'
import { ChangePasswordDialog } from '../components/change-password-dialog.tsx'
import { OwnDataCard } from '../components/own-data-card.tsx'
import { ProfileForm } from '../components/profile-form.tsx'
import './account-page.css'

const TABS = ['profile', 'orders'] as const
type Tab = (typeof TABS)[number]

type ProfileState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; profile: ProfileWithEmail }

/** Both panels exist for the tabs' aria-controls; only the open one renders (and loads) its content. */
function TabPanel({ name, openTab, children }: { name: Tab; openTab: Tab; children: ReactNode }) {
  return (
    <div
      className="account__panel"
      role="tabpanel"
      id={`account-panel-${name}`}
      aria-labelledby={`account-tab-${name}`}
      hidden={name !== openTab}
    >
      {name === openTab && children}
    </div>
  )
}

/**
 * /account (customer-side.md §2 Account page, staff-and-content.md §2 Account screen): the profile tab
 * (default) and the orders tab. The route guard sends a signed-out visitor to /login first.
 */
export function AccountPage() {
  usePageTitle(account.title)
  const { user, signIn, signOut, updateUser } = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const [searchParams, setSearchParams] = useSearchParams()
  const tab: Tab = searchParams.get('tab') === 'orders' ? 'orders' : 'profile'
  const [profileState, setProfileState] = useState<ProfileState>({ status: 'loading' })
  const [reloadCount, setReloadCount] = useState(0)
  const [isPasswordDialogOpen, setIsPasswordDialogOpen] = useState(false)
  const tabButtons = useRef(new Map<Tab, HTMLButtonElement>())
  const email = user?.email ?? ''

  const endSession = useCallback(
    (message: string) => {
      toast.show(message, 'error')
      signOut()
      void navigate(`/login?returnUrl=${encodeURIComponent('/account')}`, { replace: true })
    },
    [navigate, signOut, toast],
  )

  useEffect(() => {
    if (!email) return
    const controller = new AbortController()
    fetchProfile(email, controller.signal).then(
      (profile) => setProfileState({ status: 'ready', profile }),
      (error: unknown) => {
        // customer-side.md §8 Account: a 401 on load ends the session and goes to sign-in. Checked
        // first: the client's own sign-out on TOKEN_EXPIRED may already have unmounted this page.
        if (error instanceof ApiError && error.status === 401) endSession(account.sessionExpiredOnLoad)
        else if (!controller.signal.aborted) setProfileState({ status: 'failed' })
      },
    )
    return () => controller.abort()
  }, [email, reloadCount, endSession])

  if (!user) return null

  function selectTab(next: Tab, shouldFocus = false) {
    setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true })
    if (shouldFocus) tabButtons.current.get(next)?.focus()
  }

  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab)
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    selectTab(TABS[(target + TABS.length) % TABS.length] ?? 'profile', true)
  }

  function retryProfile() {
    setProfileState({ status: 'loading' })
    setReloadCount((count) => count + 1)
  }

  function handleSaved(profile: ProfileWithEmail) {
    if (!user) return
    const { email: _email, ...fields } = profile
    updateUser({ ...user, profile: { ...user.profile, ...fields } } satisfies SessionUser)
  }

  function handlePasswordChanged(token: string | null) {
    setIsPasswordDialogOpen(false)
    if (token && user) signIn(token, user)
    toast.show(account.passwordChanged, 'success')
  }

  const name =
    profileState.status === 'ready' && profileState.profile.full_name ? profileState.profile.full_name : user.email
  const tabLabels: Record<Tab, string> = { profile: account.tabs.profile, orders: account.tabs.orders }

  return (
    <div className="container page ui-stack ui-stack--loose account">
      <header className="account__header">
        <h1>{account.title}</h1>
        <p className="account__greeting">{format(account.greeting, { name })}</p>
      </header>

      <div className="account__tabs" role="tablist" aria-label={account.tabs.label}>
        {TABS.map((key) => (
          <button
            key={key}
            ref={(element) => {
              if (element) tabButtons.current.set(key, element)
              else tabButtons.current.delete(key)
            }}
            type="button"
            role="tab"
            id={`account-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`account-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className="account__tab"
            onClick={() => selectTab(key)}
            onKeyDown={handleTabKey}
          >
            {tabLabels[key]}
          </button>
        ))}
      </div>

      <TabPanel name="orders" openTab={tab}>
        <OrderHistory email={user.email} place="account" />
      </TabPanel>
      <TabPanel name="profile" openTab={tab}>
        <div className="account__profile">
          <section className="account__card ui-card">
            {profileState.status === 'loading' && <LoadingBlock label={common.loading} />}
            {profileState.status === 'failed' && (
              <RetryAlert message={<p>{account.loadFailed}</p>} retryLabel={account.retry} onRetry={retryProfile} />
            )}
            {profileState.status === 'ready' && (
              <ProfileForm profile={profileState.profile} onSaved={handleSaved} onSessionExpired={endSession} />
            )}
          </section>

          <div className="ui-stack ui-stack--loose account__side">
            <aside className="account__card account__security ui-card" aria-labelledby="account-security-title">
              <ShieldIcon size={24} className="account__security-icon" />
              <h2 id="account-security-title">{account.securityHeading}</h2>
              <p>{account.securityText}</p>
              <Button variant="secondary" onClick={() => setIsPasswordDialogOpen(true)}>
                {account.changePassword}
              </Button>
            </aside>
            <OwnDataCard />
          </div>
        </div>
      </TabPanel>

      <ChangePasswordDialog
        open={isPasswordDialogOpen}
        onClose={() => setIsPasswordDialogOpen(false)}
        onChanged={handlePasswordChanged}
      />
    </div>
  )
}
