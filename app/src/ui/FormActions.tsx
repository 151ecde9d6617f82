import { Link } from "react-router";

/**
 * A wizard step's footer: Back goes one step, then submit. Back is a link where it leaves the
 * page (so it works before hydration), or a button for a step within the page.
 */
export function FormActions({
  back,
  submit,
  busy = false,
}: {
  back: string | (() => void);
  submit: string;
  busy?: boolean;
}) {
  return (
    <div className="form-actions">
      {typeof back === "string" ? (
        <Link to={back} className="button button-quiet">
          Back
        </Link>
      ) : (
        <button type="button" className="button button-quiet" onClick={back}>
          Back
        </button>
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {submit}
      </button>
    </div>
  );
}
