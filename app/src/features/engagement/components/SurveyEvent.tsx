import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import { Dialog } from "../../../ui/Dialog";
import { Notice } from "../../../ui/Notice";
import { Checkbox, FieldError } from "../../../ui/fields";
import { RadioCards } from "../../../ui/RadioCards";
import { Textarea } from "../../../ui/Textarea";
import { toasts } from "../../../ui/toasts";
import { type Answers, eventsApi, type SurveyForm, type SurveyName } from "../eventsApi";

const REQUIRED = "Field is required";

/** The questions left unanswered that must be answered (the server checks the rest). */
export function missing(form: SurveyForm, answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of form.questions) {
    const given = answers[question.id];
    const empty = given === undefined || (Array.isArray(given) ? given.length === 0 : given.trim() === "");
    if (question.required && empty) errors[question.id] = REQUIRED;
  }
  return errors;
}

/** The first question marked, brought into the dialog's view once drawn. */
function showFirstError() {
  requestAnimationFrame(() =>
    document.querySelector(".survey .field-invalid")?.scrollIntoView({ block: "center" }),
  );
}

/** A survey event (the open banking survey): the questions as the bank defines them
 * (POST /v2/ui-forms/take), answered once. */
export function SurveyEvent({
  name,
  onDone,
  onPutAside,
}: {
  name: SurveyName;
  onDone: () => void;
  onPutAside: () => void;
}) {
  const form = useQuery({ queryKey: ["ui-forms", name], queryFn: () => eventsApi.survey(name) }).data;
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (id: string, value: string | string[]) =>
    setAnswers((current) => ({ ...current, [id]: value }));

  const send = async () => {
    if (!form) return;
    const found = missing(form, answers);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return showFirstError();
    setBusy(true);
    try {
      const answer = await eventsApi.answer(name, answers);
      toasts.show(answer.message ?? "Thank you for your answers", "success");
      onDone();
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
        setErrors(caught.fields);
        showFirstError();
      } else setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={form?.title ?? "A few questions"} onClose={onPutAside}>
      <form
        className="promo survey"
        data-event={name}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {form ? (
          <>
            <p>{form.intro}</p>
            {form.questions.map((question) => {
              const value = answers[question.id];
              if (question.kind === "single")
                return (
                  <RadioCards
                    key={question.id}
                    legend={question.label}
                    name={question.id}
                    value={typeof value === "string" ? value : ""}
                    error={errors[question.id]}
                    onChange={(chosen) => set(question.id, chosen)}
                    options={question.options}
                  />
                );
              if (question.kind === "multiple") {
                const picked = Array.isArray(value) ? value : [];
                return (
                  <fieldset
                    key={question.id}
                    className={`choice-group${errors[question.id] ? " field-invalid" : ""}`}
                    aria-describedby={errors[question.id] ? `survey-${question.id}-error` : undefined}
                  >
                    <legend>{question.label}</legend>
                    {question.options.map((option) => (
                      <Checkbox
                        key={option.value}
                        name={question.id}
                        value={option.value}
                        label={option.label}
                        checked={picked.includes(option.value)}
                        onChange={(event) =>
                          set(
                            question.id,
                            event.target.checked
                              ? [...picked, option.value]
                              : picked.filter((v) => v !== option.value),
                          )
                        }
                      />
                    ))}
                    <FieldError id={`survey-${question.id}-error`}>{errors[question.id]}</FieldError>
                  </fieldset>
                );
              }
              return (
                <Textarea
                  key={question.id}
                  label={question.label}
                  name={question.id}
                  maxLength={1000}
                  value={typeof value === "string" ? value : ""}
                  error={errors[question.id]}
                  onChange={(event) => set(question.id, event.target.value)}
                />
              );
            })}
          </>
        ) : (
          <p className="field-hint">Loading the questions…</p>
        )}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className="form-actions">
          <button type="button" className="button button-quiet" onClick={onPutAside}>
            Not now
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !form}>
            Send answers
          </button>
        </div>
      </form>
    </Dialog>
  );
}
