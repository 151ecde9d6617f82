import { Select } from "../../../ui/Select";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { TextField } from "../../../ui/fields";
import { ASSIGNABLE, draftOf, rightsOf, SECTIONS, type SectionLevel } from "../access";
import { type TeamMember, teamApi, teamQuery } from "../api";

/** An Account Owner's form for one member's access, and removing them. */
export function MemberAccess({ member, onRemoved }: { member: TeamMember; onRemoved?: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fail = (caught: unknown) => {
    if (caught instanceof ApiError) {
      setErrors(caught.fields);
      setMessage(Object.keys(caught.fields).length ? null : { text: caught.message, error: true });
    } else setMessage({ text: "Something went wrong", error: true });
  };
  const save = useMutation({
    mutationFn: () =>
      teamApi.change({
        id: member.id,
        role: draft.role,
        occupation: draft.role === "custom" ? draft.occupation : null,
        rights: rightsOf(draft),
      }),
    onSuccess: () => {
      setErrors({});
      setMessage({ text: "Access changed", error: false });
      void client.invalidateQueries({ queryKey: teamQuery().queryKey });
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => teamApi.remove(member.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: teamQuery().queryKey });
      onRemoved?.();
    },
    onError: fail,
  });
  return (
    <form
      className="member-access"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      <Select
        label="Position"
        name={`role-${member.id}`}
        value={draft.role}
        error={errors.role}
        onChange={(role) => setDraft({ ...draft, role: role as typeof draft.role })}
        options={ASSIGNABLE.map(([value, label]) => ({ value, label }))}
      />
      {draft.role === "custom" ? (
        <TextField
          label="Occupation"
          name="occupation"
          value={draft.occupation}
          error={errors.occupation}
          onChange={(e) => setDraft({ ...draft, occupation: e.target.value })}
        />
      ) : null}
      <fieldset className="field member-rights">
        <legend>Access</legend>
        {SECTIONS.map(([section, label]) => (
          <div key={section} className="member-right">
            <Select
              label={label}
              name={`${section}-${member.id}`}
              value={draft.levels[section] ?? "none"}
              onChange={(level) =>
                setDraft({ ...draft, levels: { ...draft.levels, [section]: level as SectionLevel } })
              }
              options={LEVELS}
            />
          </div>
        ))}
        {errors.rights ? (
          <p className="field-error" role="alert">
            {errors.rights}
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        {confirming ? (
          <span className="member-remove-confirm">
            Remove {member.name} {member.surname}?{" "}
            <button type="button" className="button button-danger" onClick={() => remove.mutate()}>
              Yes, remove
            </button>{" "}
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>
              No
            </button>
          </span>
        ) : (
          <button type="button" className="button button-quiet" onClick={() => setConfirming(true)}>
            Remove access
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save access
        </button>
      </div>
    </form>
  );
}

const LEVELS = [
  { value: "none", label: "No access" },
  { value: "r", label: "View" },
  { value: "rw", label: "Full" },
];
