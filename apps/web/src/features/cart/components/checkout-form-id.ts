/** The checkout form's id: the order button in the summary submits it (form attribute). */
export const CHECKOUT_FORM_ID = 'checkout-form'
