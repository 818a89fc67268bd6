import { Button } from '../../../ui/button.tsx'

/** The full-width submit of a sign-in, registration or password form; it says what it is doing while it sends. */
export function AuthSubmitButton({
  isSubmitting,
  text,
}: {
  isSubmitting: boolean
  text: { submit: string; submitting: string }
}) {
  return (
    <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
      {isSubmitting ? text.submitting : text.submit}
    </Button>
  )
}
