/** Shown after a valid submit of a form whose service the bank does not offer online yet. */
export function UnavailableNotice({ what }: { what: string }) {
  return (
    <p className="notice notice-info" role="status">
      {what} is not available online yet. Please try again later.
    </p>
  );
}
