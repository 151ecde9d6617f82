import { Checkbox, TextField } from "../../../ui/fields";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { refusalOf } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { ROLE_HINTS } from "../access";
import { invitationsApi, occupationsQuery, teamQuery } from "../api";

const POSITIONS = [
  ["director", "Director"],
  ["cfo", "CFO"],
  ["accountant", "Accountant"],
  ["custom", "Other"],
] as const;

type Position = (typeof POSITIONS)[number][0];

/** SPEC §2 Team users invite form: name, email, position (Other needs an occupation), agreement. */
/** `level`: its heading's level under the page's (2 on its own page, 3 inside the team section). */
export function InviteForm({ onDone, level = 3 }: { onDone?: () => void; level?: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  const { session } = useApp();
  const client = useQueryClient();
  const occupations = useQuery(occupationsQuery()).data ?? [];
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [position, setPosition] = useState<Position>("director");
  const [occupation, setOccupation] = useState("");
  const [typed, setTyped] = useState("");
  const [agreement, setAgreement] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const company = session.profilesList.find((p) => p.id === session.selectedProfileId)?.name ?? "the company";
  const invite = useMutation({
    mutationFn: () =>
      invitationsApi.invite({
        name,
        email,
        position,
        occupation: position === "custom" ? (occupation === "other" ? typed : occupation) : "",
        agreement,
      }),
    onSuccess: (sent) => {
      setErrors({});
      setMessage({ text: `Invitation sent to ${sent.email}`, error: false });
      setName("");
      setEmail("");
      setAgreement(false);
      void client.invalidateQueries({ queryKey: teamQuery().queryKey });
      onDone?.();
    },
    onError: (caught) => {
      const refused = refusalOf(caught);
      if (refused.message === null) setErrors(refused.fields);
      else setMessage({ text: refused.message, error: true });
    },
  });
  return (
    <form
      className="invite-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        invite.mutate();
      }}
    >
      <Heading>Invite a team member</Heading>
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      <TextField
        label="Name"
        name="name"
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <RadioCards
        legend="Position"
        name="position"
        value={position}
        error={errors.position}
        onChange={(value) => setPosition(value as typeof position)}
        options={POSITIONS.map(([value, label]) => ({ value, label, hint: ROLE_HINTS[value] }))}
      />
      <p className="field-hint">You can change what they may do later, on their page in Team.</p>
      {position === "custom" ? (
        <>
          <Select
            label="Occupation"
            name="occupationChoice"
            value={occupation}
            placeholder="Choose an occupation"
            error={occupation === "other" ? undefined : errors.occupation}
            onChange={setOccupation}
            options={[...occupations, { value: "other", label: "Other" }]}
          />
          {occupation === "other" ? (
            <TextField
              label="Their occupation"
              name="occupation"
              value={typed}
              error={errors.occupation}
              onChange={(e) => setTyped(e.target.value)}
            />
          ) : null}
        </>
      ) : null}
      <Checkbox
        name="agreement"
        checked={agreement}
        error={errors.agreement}
        onChange={(e) => setAgreement(e.target.checked)}
        label={`I confirm that this person may act for ${company} with the access of this position.`}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
    </form>
  );
}
