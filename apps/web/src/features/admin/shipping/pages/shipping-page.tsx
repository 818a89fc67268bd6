import { Link } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { usePageTitle } from '../../../../lib/use-page-title.ts'
import { buttonClassName } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { TruckIcon } from '../../../../ui/icons.tsx'

// A placeholder: the staff page arrives with its own issue; until then the frame shows its heading.
export function AdminShippingPage() {
  const { title } = shell.admin.pages.shipping
  usePageTitle(title)
  return (
    <div className="container page">
      <EmptyState
        headingLevel={1}
        icon={<TruckIcon size={30} />}
        title={title}
        text={shell.admin.note}
        actions={
          <Link to="/admin" className={buttonClassName({ variant: 'secondary' })}>
            {shell.admin.backToDashboard}
          </Link>
        }
      />
    </div>
  )
}
