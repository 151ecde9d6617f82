import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { download } from "../../../api/download";
import { londonDay } from "../../../lib/format";
import { TextField } from "../../../ui/TextField";
import { selectable } from "../access";
import { bankAccountsQuery, documentUrls } from "../api";
import { clampPeriod, defaultPeriod, EARLIEST_DAY, type Period, PRESETS } from "../statementPeriod";
import { toasts } from "../../../ui/toasts";

const FORMATS = [
  ["pdf", "PDF", "To read and print"],
  ["csv", "CSV", "For spreadsheets"],
  ["camt053", "camt.053", "ISO 20022 XML for accounting software"],
] as const;

/** SPEC §7: the statement may take up to 120 s to produce. */
export const STATEMENT_TIMEOUT_MS = 120_000;

/**
 * SPEC §2 "Statement". A plain GET form to the document itself, so it downloads even without
 * JavaScript; with it, the fields are checked first and errors shown in place.
 */
export function StatementPage() {
  const accounts = useQuery(bankAccountsQuery());
  const list = (accounts.data?.results ?? []).filter(selectable);
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(londonDay(new Date())));
  const [account, setAccount] = useState("");
  const [format, setFormat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chosenAccount = account || list[0]?.id || "";

  return (
    <section className="panel panel-wide" aria-labelledby="statement-title">
      <h1 id="statement-title">Generate Statement</h1>
      <form
        method="get"
        action="/v2/documents/statement"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const found: Record<string, string> = {};
          if (!chosenAccount) found.entId = "Field is required";
          if (!format) found.format = "Field is required";
          setErrors(found);
          if (!period.from || !period.to) {
            toasts.show("Date interval not selected", "error");
            return;
          }
          if (Object.keys(found).length) return;
          setBusy(true);
          try {
            await download(
              documentUrls.statement(chosenAccount, period.from, period.to, format),
              STATEMENT_TIMEOUT_MS,
            );
          } catch (caught) {
            toasts.show(
              caught instanceof ApiError ? caught.message : "Something went wrong, try again later",
              "error",
            );
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className={errors.entId ? "field field-invalid" : "field"}>
          <label htmlFor="statement-account">Account</label>
          <select
            id="statement-account"
            name="entId"
            value={chosenAccount}
            onChange={(e) => setAccount(e.target.value)}
            aria-invalid={errors.entId ? true : undefined}
          >
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.currency} · {a.iban}
              </option>
            ))}
          </select>
          {errors.entId ? <p className="field-error">{errors.entId}</p> : null}
        </div>
        <fieldset className="presets">
          <legend>Period</legend>
          {Object.entries(PRESETS).map(([label, preset]) => (
            <button
              key={label}
              type="button"
              className="button button-quiet button-small"
              onClick={() => setPeriod(clampPeriod(preset(londonDay(new Date())), londonDay(new Date())))}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <div className="date-range">
          <TextField
            label="From"
            type="date"
            name="createdFrom"
            min={EARLIEST_DAY}
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            name="createdTo"
            min={EARLIEST_DAY}
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
          />
        </div>
        <fieldset className={errors.format ? "choice-group field-invalid" : "choice-group"}>
          <legend>Format</legend>
          {FORMATS.map(([value, label, hint]) => (
            <label key={value} className={format === value ? "choice choice-selected" : "choice"}>
              <input
                type="radio"
                name="format"
                value={value}
                checked={format === value}
                onChange={() => setFormat(value)}
              />
              <span className="choice-label">{label}</span>
              <span className="choice-hint">{hint}</span>
            </label>
          ))}
          {errors.format ? <p className="field-error">{errors.format}</p> : null}
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Preparing…" : "Download statement"}
          </button>
        </div>
      </form>
    </section>
  );
}
