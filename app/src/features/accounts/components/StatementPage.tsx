import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { download } from "../../../api/download";
import { isoDay, londonDay } from "../../../lib/format";
import { DatePicker } from "../../../ui/DatePicker";
import { RadioCards } from "../../../ui/RadioCards";
import { Select } from "../../../ui/Select";
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
  const today = isoDay(londonDay(new Date()));

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
        <Select
          label="Account"
          name="entId"
          value={chosenAccount}
          onChange={setAccount}
          error={errors.entId}
          options={list.map((a) => ({ value: a.id, label: `${a.currency} · ${a.iban}` }))}
        />
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
          <DatePicker
            label="From"
            name="createdFrom"
            min={EARLIEST_DAY}
            max={today}
            value={period.from}
            onChange={(from) => setPeriod({ ...period, from })}
          />
          <DatePicker
            label="To"
            name="createdTo"
            min={period.from || EARLIEST_DAY}
            max={today}
            value={period.to}
            onChange={(to) => setPeriod({ ...period, to })}
          />
        </div>
        <RadioCards
          legend="Format"
          name="format"
          value={format}
          onChange={setFormat}
          error={errors.format}
          options={FORMATS.map(([value, label, hint]) => ({ value, label, hint }))}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Preparing…" : "Download statement"}
          </button>
        </div>
      </form>
    </section>
  );
}
