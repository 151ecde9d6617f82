import { type FormEvent, useState } from "react";

type Rules<K extends string> = Record<K, (value: string) => string | undefined>;

/** Field values and errors for a small form; `submit` validates every field first. */
export function useForm<K extends string>(
  rules: Rules<K>,
  onValid: (values: Record<K, string>) => void,
  initial?: () => Partial<Record<K, string>>,
) {
  const names = Object.keys(rules) as K[];
  const blank = () =>
    ({ ...Object.fromEntries(names.map((n) => [n, ""])), ...initial?.() }) as Record<K, string>;
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: rules[name](value) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<K, string>> = {};
    for (const name of names) {
      const error = rules[name](values[name]);
      if (error) found[name] = error;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };

  return { field, submit, values, setErrors, reset: () => setValues(blank()) };
}
