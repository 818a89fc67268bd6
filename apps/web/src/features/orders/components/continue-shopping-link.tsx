import { Link } from 'react-router'
import { orders as text } from '@shop/shared/messages/bs/orders.ts'
import { buttonClassName } from '../../../ui/button.tsx'

/** 'Nastavite kupovati': the way back to the store from the cart and the order pages. */
export function ContinueShoppingLink() {
  return (
    <Link to="/store" className={buttonClassName({ variant: 'primary' })}>
      {text.continueShopping}
    </Link>
  )
}
