import { useState } from "react";
import { confirmationError, passwordChecklist, passwordError } from "../lib/validation";
import { TextField } from "./fields";

interface Field {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** A new password and its confirmation, with SPEC §5's live checklist under the first. */
export function PasswordFields({ password, confirm }: { password: Field; confirm: Field }) {
  const check = passwordChecklist(password.value);
  const items: [boolean, string][] = [
    [check.length, "At least 8 characters"],
    [check.letter, "A Latin letter"],
    [check.number, "A number"],
  ];
  return (
    <>
      <TextField label="Password" type="password" autoComplete="new-password" {...password} />
      <ul className="checklist" aria-label="Password rules">
        {items.map(([met, text]) => (
          <li key={text} className={met ? "check check-met" : "check"}>
            <span className="visually-hidden">{met ? "Done: " : "Missing: "}</span>
            {text}
          </li>
        ))}
      </ul>
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

/** State for PasswordFields: `check` shows SPEC §5's messages and answers whether both pass. */
export function usePasswordPair() {
  const [values, setValues] = useState({ password: "", confirm: "" });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const field = (name: "password" | "confirm") => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const check = () => {
    const found = {
      password: passwordError(values.password),
      confirm: confirmationError(values.password, values.confirm),
    };
    setErrors(found);
    return !found.password && !found.confirm;
  };
  return {
    password: values.password,
    fields: { password: field("password"), confirm: field("confirm") },
    check,
  };
}
