import { Link } from "react-router";

/** A wizard step's footer: Back goes one step (a link, so it works before hydration), then submit. */
export function FormActions({ back, submit }: { back: string; submit: string }) {
  return (
    <div className="form-actions">
      <Link to={back} className="button button-quiet">
        Back
      </Link>
      <button type="submit" className="button button-primary">
        {submit}
      </button>
    </div>
  );
}
