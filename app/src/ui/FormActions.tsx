import type { ReactElement } from "react";
import { Link } from "../routing/Link";

/**
 * A wizard step's footer: Back goes one step, then submit. Back is a link where it leaves the
 * page (so it works before hydration), a button for a step within the page, or an element of
 * its own (a form that posts Back); none where there is no way back. `form` names the form the
 * submit belongs to when the footer sits outside it.
 */
export function FormActions({
  back,
  submit,
  busy = false,
  form,
}: {
  back: string | (() => void) | ReactElement | null;
  submit: string;
  busy?: boolean;
  form?: string;
}) {
  return (
    <div className="form-actions">
      {typeof back === "string" ? (
        <Link to={back} className="button button-quiet">
          Back
        </Link>
      ) : typeof back === "function" ? (
        <button type="button" className="button button-quiet" onClick={back}>
          Back
        </button>
      ) : (
        back
      )}
      <button type="submit" className="button button-primary" disabled={busy} form={form}>
        {submit}
      </button>
    </div>
  );
}
