/**
 * A field's own message, under it; the control points at it with aria-describedby (errorId). `announce`
 * makes it an alert, for a lone field whose message appears while focus stays in it.
 */
export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string;
  message: string | undefined;
  announce?: boolean;
}) {
  if (!message) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1 text-sm text-red-300">
      {message}
    </p>
  );
}
