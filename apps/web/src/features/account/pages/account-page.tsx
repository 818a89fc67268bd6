import { Link } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../ui/button.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { UserIcon } from '../../../ui/icons.tsx'

// A placeholder: the page's content arrives with its own issue; until then the frame shows its heading.
export function AccountPage() {
  const { title, note } = shell.pages.account
  usePageTitle(title)
  return (
    <div className="container page">
      <EmptyState
        headingLevel={1}
        icon={<UserIcon size={30} />}
        title={title}
        text={note}
        actions={
          <Link to={'/'} className={buttonClassName({ variant: 'secondary' })}>
            {shell.notFound.backHome}
          </Link>
        }
      />
    </div>
  )
}
