import { format } from '@shop/shared/messages/format.ts'
import { adminUsers as text } from '@shop/shared/messages/bs/admin-users.ts'
import { MANAGED_ROLES, type AdminUserView, type ManagedRole } from '@shop/shared/schemas/admin-users.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { HeaderRow } from '../../kit/header-row.tsx'

export type UserRowActions = {
  /** The role button of this user and role is waiting for the server. */
  isRoleBusy: (user: AdminUserView, role: ManagedRole) => boolean
  onRole: (user: AdminUserView, role: ManagedRole, isOn: boolean) => void
  onEditProfile: (user: AdminUserView) => void
  onSetPassword: (user: AdminUserView) => void
  onDisable: (user: AdminUserView) => void
  onEnable: (user: AdminUserView) => void
}

/** A button of a row: its label, its accessible name with the user's e-mail, and what it does. */
type RowAction = { label: string; namedLabel: string; onClick: (user: AdminUserView) => void; isDanger?: boolean }

type UserTableProps = UserRowActions & { users: readonly AdminUserView[]; currentUserId: string | undefined }

/** '05.03.2025.': the shop's way of writing a date (browsers without Bosnian locale data write ISO). */
function createdOn(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const day = String(date.getDate()).padStart(2, '0')
  const month = String(date.getMonth() + 1).padStart(2, '0')
  return `${day}.${month}.${date.getFullYear()}.`
}

/**
 * The users list: a table on a wide screen; below 760 px each row becomes a card (the cells
 * carry their column name for that). Role buttons are toggles (aria-pressed), one call each.
 */
export function UserTable({ users, currentUserId, ...actions }: UserTableProps) {
  return (
    <div className="ui-card admin-users__table-wrap">
      <table className="ui-table admin-users__table">
        <HeaderRow
          columns={[
            text.columns.email,
            text.columns.roles,
            text.columns.status,
            text.columns.created,
            { label: text.columns.actions, isHidden: true },
          ]}
        />
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UserRow({ user, isSelf, ...actions }: UserRowActions & { user: AdminUserView; isSelf: boolean }) {
  const rowActions: RowAction[] = [
    { label: text.editProfile, namedLabel: text.editProfileNamed, onClick: actions.onEditProfile },
    { label: text.setPassword, namedLabel: text.setPasswordNamed, onClick: actions.onSetPassword },
    user.isDisabled
      ? { label: text.enable, namedLabel: text.enableNamed, onClick: actions.onEnable }
      : { label: text.disable, namedLabel: text.disableNamed, onClick: actions.onDisable, isDanger: true },
  ]
  return (
    <tr className={user.isDisabled ? 'admin-users__row is-disabled' : 'admin-users__row'} data-email={user.email}>
      <th scope="row" className="admin-users__who">
        <span className="admin-users__email">{user.email}</span>
        <span className="admin-users__name">
          {user.full_name || '—'} {isSelf && <span className="admin-users__you">{text.you}</span>}
        </span>
      </th>
      <td data-label={text.columns.roles} className="admin-users__roles-cell">
        <div className="admin-users__roles" role="group" aria-label={format(text.rolesLabel, { email: user.email })}>
          {MANAGED_ROLES.map((role) => {
            const isOn = user.roles.includes(role)
            const isLocked = isSelf && role === 'admin' && isOn
            return (
              <Button
                key={role}
                size="sm"
                variant={isOn ? 'primary' : 'secondary'}
                className="admin-users__role"
                aria-pressed={isOn}
                isLoading={actions.isRoleBusy(user, role)}
                disabled={isLocked}
                title={isLocked ? text.selfProtected : undefined}
                onClick={() => actions.onRole(user, role, isOn)}
              >
                {text.roleNames[role]}
              </Button>
            )
          })}
        </div>
      </td>
      <td data-label={text.columns.status}>
        <div className="admin-users__status">
          <Badge tone={user.isDisabled ? 'danger' : 'success'}>{user.isDisabled ? text.disabled : text.active}</Badge>
          <Badge tone={user.isVerified ? 'primary' : 'warning'}>
            {user.isVerified ? text.verified : text.notVerified}
          </Badge>
        </div>
      </td>
      <td data-label={text.columns.created}>
        <time dateTime={user.created_at}>{createdOn(user.created_at)}</time>
      </td>
      <td className="admin-users__actions">
        <div role="group" aria-label={format(text.actionsLabel, { email: user.email })}>
          {rowActions.map((action) => {
            const isProtected = action.isDanger && isSelf
            return (
              <Button
                key={action.label}
                size="sm"
                variant={action.isDanger ? 'danger' : 'secondary'}
                disabled={isProtected}
                title={isProtected ? text.selfProtected : undefined}
                aria-label={format(action.namedLabel, { email: user.email })}
                onClick={() => action.onClick(user)}
              >
                {action.label}
              </Button>
            )
          })}
        </div>
      </td>
    </tr>
  )
}
