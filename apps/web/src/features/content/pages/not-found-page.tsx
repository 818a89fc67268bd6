import { Link } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { PageEmptyState } from '../../../ui/empty-state.tsx'
import { CompassIcon } from '../../../ui/icons.tsx'
import { planOf } from '../../../lib/use-load.ts'

/** The frame's load alone. */
export const loadPlan = planOf()

export function NotFoundPage() {
  const { notFound } = shell
  usePageTitle(notFound.title)
  return (
    <PageEmptyState
      icon={<CompassIcon size={30} />}
      title={notFound.title}
      text={common.routeNotFound}
      actions={
        <>
          <Link to="/" className={buttonClassName()}>
            {notFound.backHome}
          </Link>
          <Link to="/store" className={buttonClassName({ variant: 'secondary' })}>
            {notFound.toStore}
          </Link>
        </>
      }
    />
  )
}
