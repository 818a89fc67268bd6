import { Link } from 'react-router'
import { wholesale } from '@shop/shared/messages/bs/wholesale.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { WalletIcon } from '../../../ui/icons.tsx'

const text = wholesale.catalogs

/**
 * Says plainly which prices the catalogues hold for whoever is looking (docs/decisions.md, Walk-through fixes): a
 * visitor's or an ordinary customer's PDF has retail prices only (GET /api/catalogs/{file} adds the
 * wholesale column for wholesale customers and staff), so the visitor gets a sign-in link.
 */
export function CatalogPricesNote() {
  const { user } = useSession()
  if (user && canSeeWholesalePrices(user.roles)) {
    return (
      <div className="catalog-prices-note" role="note">
        <WalletIcon size={20} />
        <p>{text.pricesForWholesale}</p>
      </div>
    )
  }
  return (
    <div className="catalog-prices-note" role="note">
      <WalletIcon size={20} />
      <div>
        <p>{user ? text.pricesForCustomers : text.pricesForVisitors}</p>
        {user ? (
          <a href="#kontakt">{text.askForAccount}</a>
        ) : (
          <Link to={`/login?returnUrl=${encodeURIComponent('/veleprodaja')}`}>{text.signInForPrices}</Link>
        )}
      </div>
    </div>
  )
}
