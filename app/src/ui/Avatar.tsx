import { initials } from "../lib/initials";
import { Icon, type IconName } from "./Icon";

/** A round mark for a person, company or kind of payment: an icon when there is one, else the
 * name's initials. Decorative: the name is always written beside it. */
export function Avatar({
  name,
  icon,
  size = "medium",
}: {
  name: string;
  icon?: IconName | undefined;
  size?: "small" | "medium";
}) {
  const letters = initials(name);
  return (
    <span className={size === "small" ? "avatar avatar-small" : "avatar"} aria-hidden="true">
      {icon ? <Icon name={icon} size={18} /> : letters || <Icon name="person" size={18} />}
    </span>
  );
}
