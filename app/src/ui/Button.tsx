import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Icon, type IconName } from "./Icon";

export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger";

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: "small" | "medium" | "large";
  block?: boolean;
  /** Busy: disabled, announced as busy, with a spinner in place of the icon. */
  loading?: boolean;
  icon?: IconName;
  children: ReactNode;
}

/** The kit's button, in one of four weights; the type defaults to "button" (never a stray submit). */
export function Button({
  variant = "primary",
  size = "medium",
  block = false,
  loading = false,
  icon,
  type = "button",
  className,
  disabled,
  children,
  ...rest
}: Props) {
  const classes = [
    "button",
    `button-${variant}`,
    size === "medium" ? null : `button-${size}`,
    block ? "button-block" : null,
    className ?? null,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="spinner" aria-hidden="true" /> : icon ? <Icon name={icon} /> : null}
      {children}
    </button>
  );
}

/** A button that is only an icon: its name is for screen readers and the tooltip. */
export function IconButton({
  icon,
  label,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> & { icon: IconName; label: string }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} {...rest}>
      <Icon name={icon} size={22} />
    </button>
  );
}
