import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { adminUsers as text } from '@shop/shared/messages/bs/admin-users.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { hasAnyRole } from '@shop/shared/rules/roles.ts'
import type { AdminUserView, ManagedRole } from '@shop/shared/schemas/admin-users.ts'
import { useSession } from '../../../../app/session/session-context.ts'
import { ApiError } from '../../../../lib/api-client.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { UsersIcon } from '../../../../ui/icons.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { fetchCurrentUser } from '../../api/current-user.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { failureMessage } from '../../kit/failure.ts'
import { Pager } from '../../kit/pager.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { StaffToolbar } from '../../kit/staff-list.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
import { changeUserRole, fetchUsers, setUserDisabled } from '../api/users.ts'
import { PasswordDialog } from '../components/password-dialog.tsx'
import { ProfileDialog } from '../components/profile-dialog.tsx'
import { DataRequests } from '../components/data-requests.tsx'
import { UserTable } from '../components/user-table.tsx'
import './users-page.css'

type OpenDialog = { kind: 'profile' | 'password'; email: string } | null

/** §8: the current-user check finds nobody (expired or missing session), as opposed to a failed call. */
function isMissingUser(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 401
}

/**
 * staff-and-content.md §2 Users admin, §4 User roles, §5, §8 Users and profile (admins only):
 * search by e-mail, server paging, role toggles (one call per change), the profile and password
 * dialogs, and, beyond the specification, disabling and enabling an account (docs/decisions.md, Users admin).
 */
export function AdminUsersPage() {
  const toast = useToast()
  const navigate = useNavigate()
  const { user: storedUser } = useSession()
  const current = useLoad(async (signal) => {
    try {
      return await fetchCurrentUser(signal)
    } catch (error) {
      // Moved here rather than into an effect: an expired token also ends the session, and the
      // staff guard would send the page to / before an effect could run.
      if (!signal.aborted) {
        if (isMissingUser(error)) {
          // The sign-in page says it (docs/decisions.md 'Staff area'), once, and brings her back.
          void navigate(`/login?returnUrl=${encodeURIComponent('/admin/users')}`, {
            replace: true,
            state: { notice: text.authenticationRequired },
          })
        } else {
          toast.show(admin.staff.accessCheckFailed, 'error')
          void navigate('/', { replace: true })
        }
      }
      throw error
    }
  }, storedUser?.id ?? '')
  const search = useStaffSearch()
  const list = useLoad(
    (signal) => fetchUsers({ query: search.query, page: search.page }, signal),
    `${search.query}\n${search.page}`,
  )
  // Answers of this page's changes, kept until the list is loaded again (which then holds them).
  const [updated, setUpdated] = useState<{ basis: unknown; users: ReadonlyMap<string, AdminUserView> }>({
    basis: undefined,
    users: new Map(),
  })
  const [busyRoles, setBusyRoles] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const change = useStaffAction()
  const confirm = useConfirm()

  if (current.data && !hasAnyRole(current.data.roles, ['admin'])) return <Navigate to="/" replace />
  const currentUserId = current.data?.id ?? storedUser?.id
  const data = list.data
  const changed = updated.basis === data ? updated.users : undefined
  const users = data?.users.map((user) => changed?.get(user.id) ?? user)

  function remember(user: AdminUserView) {
    setUpdated((previous) => ({
      basis: data,
      users: new Map(previous.basis === data ? previous.users : []).set(user.id, user),
    }))
  }

  async function toggleRole(user: AdminUserView, role: ManagedRole, isOn: boolean) {
    // docs/decisions.md 'Users admin': the staff roles are granted only after a question, as a disable is.
    if (!isOn && (role === 'admin' || role === 'store_manager')) {
      const names = { role: text.roleNames[role], email: user.email }
      const isSure = await confirm.ask({
        title: format(text.grantTitle, names),
        message: format(text.grantText, { ...names, powers: text.grantPowers[role] }),
        confirmLabel: text.grant,
        tone: 'primary',
      })
      if (!isSure) return
    }
    const key = `${user.id}:${role}`
    setBusyRoles((previous) => new Set(previous).add(key))
    const outcome = await change.run(() => changeUserRole(user.id, role, isOn ? 'remove' : 'add'), {
      failed: isOn ? text.removeRoleFailed : text.addRoleFailed,
      done: format(isOn ? text.roleRemoved : text.roleAdded, { role: text.roleNames[role], email: user.email }),
    })
    setBusyRoles((previous) => {
      const next = new Set(previous)
      next.delete(key)
      return next
    })
    if (outcome.ok) remember(outcome.value)
  }

  async function setDisabled(user: AdminUserView, isDisabled: boolean) {
    const isSure = await confirm.ask(
      isDisabled
        ? {
            title: text.disableTitle,
            message: format(text.disableText, { email: user.email }),
            confirmLabel: text.disable,
          }
        : {
            title: text.enableTitle,
            message: format(text.enableText, { email: user.email }),
            confirmLabel: text.enable,
            tone: 'primary',
          },
    )
    if (!isSure) return
    const outcome = await change.run(() => setUserDisabled(user.id, isDisabled), {
      message: (error) => failureMessage(error, isDisabled ? text.disableFailed : text.enableFailed),
      done: format(isDisabled ? text.disabledDone : text.enabledDone, { email: user.email }),
    })
    if (outcome.ok) remember(outcome.value)
  }

  const total =
    data &&
    (data.isTotalExact ? format(text.total, { count: data.total }) : format(text.totalAtLeast, { count: data.total }))

  return (
    <StaffFrame
      title={shell.admin.pages.users.title}
      badge={total && <Badge tone="primary">{total}</Badge>}
      loads={[{ load: list, failed: search.isFiltered ? text.searchFailed : text.loadFailed }]}
      errors={[change.error]}
    >
      <p className="admin-users__intro">{text.subtitle}</p>
      <StaffToolbar
        search={{
          label: text.searchLabel,
          placeholder: text.searchPlaceholder,
          value: search.search,
          onChange: search.setSearch,
        }}
      />
      {users && users.length === 0 && (
        <EmptyState icon={<UsersIcon size={30} />} title={search.isFiltered ? text.noMatches : text.empty} />
      )}
      {users && users.length > 0 && (
        <div aria-busy={list.status === 'loading' || undefined}>
          <UserTable
            users={users}
            currentUserId={currentUserId}
            isRoleBusy={(user, role) => busyRoles.has(`${user.id}:${role}`)}
            onRole={(user, role, isOn) => void toggleRole(user, role, isOn)}
            onEditProfile={(user) => setDialog({ kind: 'profile', email: user.email })}
            onSetPassword={(user) => setDialog({ kind: 'password', email: user.email })}
            onDisable={(user) => void setDisabled(user, true)}
            onEnable={(user) => void setDisabled(user, false)}
          />
          {data && <Pager page={data.page} pages={data.pages} onPage={search.setPage} />}
        </div>
      )}
      {dialog?.kind === 'profile' && (
        <ProfileDialog
          email={dialog.email}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null)
            list.reload()
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <PasswordDialog email={dialog.email} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      )}
      <DataRequests />
      {confirm.element}
    </StaffFrame>
  )
}
