import { useCallback, useEffect, useState } from 'react'
import { refreshCartLines, type CartLine } from '../../lib/cart-storage.ts'
import { requestCartQuote } from './api/quote-cart.ts'
import { quoteKey, type QuoteState } from './cart-view.ts'

type QuoteRequest = { lines: readonly CartLine[]; shippingOptionId: string | null; region: string | null }

/**
 * Asks the server to price the cart whenever its lines, the shipping choice or the region change;
 * an answer for an older cart is dropped. The stored lines then take the current names and prices.
 */
export function useCartQuote({ lines, shippingOptionId, region }: QuoteRequest): {
  state: QuoteState
  key: string
  /** Asks again, e.g. after an order was refused for stock. */
  refresh: () => void
} {
  const key = quoteKey(lines, shippingOptionId, region)
  const [state, setState] = useState<QuoteState>({ quote: null, quoteKey: null, failedKey: null })
  const [refreshCount, setRefreshCount] = useState(0)
  const refresh = useCallback(() => setRefreshCount((count) => count + 1), [])

  useEffect(() => {
    if (lines.length === 0) return
    const controller = new AbortController()
    requestCartQuote(
      {
        lines: lines.map((line) => ({ productId: line.productId, size: line.size, quantity: line.quantity })),
        shippingOptionId,
        region,
      },
      controller.signal,
    ).then(
      (quote) => {
        setState({ quote, quoteKey: key, failedKey: null })
        refreshCartLines(
          quote.lines.flatMap((line, index) => {
            const stored = lines[index]
            return stored && line.price !== null
              ? [
                  {
                    productId: stored.productId,
                    size: stored.size,
                    name: line.name ?? stored.name,
                    price: line.price,
                    image: line.image ?? stored.image,
                  },
                ]
              : []
          }),
        )
      },
      () => {
        if (!controller.signal.aborted) setState((current) => ({ ...current, failedKey: key }))
      },
    )
    return () => controller.abort()
    // The key stands for the lines, the shipping choice and the region.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refreshCount])

  return { state, key, refresh }
}
