import { type ReactNode, useState } from "react";
import { AmountInput } from "../AmountInput";
import { Avatar } from "../Avatar";
import { Button, IconButton } from "../Button";
import { Checkbox, Switch, TextField } from "../fields";
import { CodeInput } from "../CodeInput";
import { DatePicker } from "../DatePicker";
import { Dialog } from "../Dialog";
import { Flag } from "../Icon";
import { Icon, ICON_NAMES } from "../Icon";
import { Money } from "../Money";
import { MultiSelect } from "../MultiSelect";
import { EmptyState, Notice, Skeleton } from "../Notice";
import { Pagination } from "../Pagination";
import { RadioCards } from "../RadioCards";
import { Select } from "../Select";
import { StatusChip } from "../StatusChip";
import { Steps } from "../Steps";
import { Textarea } from "../Textarea";
import { Toaster } from "../Toaster";
import { AppLoader, atLeast, LOADER_MIN_MS } from "../AppLoader";
import { toasts } from "../toasts";

const CURRENCIES = ["GBP", "EUR", "USD", "CHF", "ALL"];
const COUNTRIES = [
  { value: "GB", label: "United Kingdom" },
  { value: "DE", label: "Germany" },
  { value: "FR", label: "France" },
  { value: "IE", label: "Ireland" },
  { value: "AT", label: "Austria" },
  { value: "NL", label: "Netherlands" },
  { value: "ES", label: "Spain" },
];

function Specimen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="kit-specimen" aria-labelledby={`kit-${title}`}>
      <h2 id={`kit-${title}`}>{title}</h2>
      <div className="kit-row">{children}</div>
    </section>
  );
}

/** The sandbox's `/dev/ui` (issue 28): every component of the kit in its states, in whichever
 * layout and colour scheme the browser asks for. Not served outside sandbox mode. */
export function KitPage() {
  const [page, setPage] = useState(5);
  const [amount, setAmount] = useState("1250.5");
  const [code, setCode] = useState("12");
  const [currency, setCurrency] = useState("GBP");
  const [day, setDay] = useState("2026-11-20");
  const [countries, setCountries] = useState(["GB", "DE"]);
  const [scheme, setScheme] = useState("local");
  const [dialog, setDialog] = useState<"dialog" | "drawer" | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <div className="kit">
      <h1>Component kit</h1>
      <p className="lead">Every control the bank's screens are built from, in each of its states.</p>
      <Specimen title="Buttons">
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="quiet">Quiet</Button>
        <Button variant="danger">Close card</Button>
        <Button disabled>Disabled</Button>
        <Button loading>Saving</Button>
        <Button icon="send">With an icon</Button>
        <Button size="small" variant="secondary">
          Small
        </Button>
        <Button size="large">Large</Button>
        <IconButton icon="close" label="Close" />
      </Specimen>
      <Specimen title="Text fields">
        <TextField label="Company name" name="kit-name" defaultValue="Bennett & Hale Trading Ltd" />
        <TextField label="Email" name="kit-email" hint="We send the receipt here." />
        <TextField
          label="Sort code"
          name="kit-sort"
          defaultValue="20-00"
          error="Sort code must be 6 digits"
        />
        <TextField label="Reference" name="kit-disabled" defaultValue="Invoice 42" disabled />
      </Specimen>
      <Specimen title="Amount">
        <AmountInput label="Amount" name="kit-amount" value={amount} currency="GBP" onChange={setAmount} />
        <AmountInput
          label="Amount"
          name="kit-amount-bad"
          value="0"
          currency="EUR"
          error="Amount must be greater than 0"
          onChange={() => undefined}
        />
      </Specimen>
      <Specimen title="Select">
        <Select
          label="Currency"
          name="kit-currency"
          value={currency}
          onChange={setCurrency}
          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <Select label="Country" name="kit-country" placeholder="Choose a country" options={COUNTRIES} />
        <Select
          label="Account"
          name="kit-account-bad"
          placeholder="Choose an account"
          options={COUNTRIES}
          error="Field is required"
        />
        <Select
          label="Role"
          name="kit-role"
          options={[{ value: "cfo", label: "CFO" }]}
          defaultValue="cfo"
          disabled
        />
      </Specimen>
      <Specimen title="Date picker">
        <DatePicker
          label="From"
          name="kit-from"
          value={day}
          onChange={setDay}
          min="2026-01-01"
          max="2026-11-26"
        />
        <DatePicker label="Birth date" name="kit-birth" />
        <DatePicker label="To" name="kit-to" defaultValue="2026-11-31" error="Date interval not selected" />
      </Specimen>
      <Specimen title="Choices">
        <RadioCards
          legend="Scheme"
          name="kit-scheme"
          value={scheme}
          onChange={setScheme}
          columns
          options={[
            { value: "local", label: "UK local", hint: "Arrives within minutes" },
            { value: "sepa", label: "SEPA", hint: "Arrives the next working day" },
            { value: "swift", label: "SWIFT", hint: "1 to 4 working days", disabled: true },
          ]}
        />
        <div>
          <Checkbox label="I agree to the Terms" name="kit-terms" defaultChecked />
          <Checkbox label="Send me news" name="kit-news" hint="About once a month." />
          <Checkbox label="Confirm" name="kit-confirm" error="Field is required" />
          <Checkbox label="Locked" name="kit-locked" disabled />
        </div>
        <div>
          <Switch label="Online payments" name="kit-online" defaultChecked />
          <Switch label="Cash withdrawals" name="kit-atm" />
          <Switch label="Contactless" name="kit-contactless" disabled />
        </div>
      </Specimen>
      <Specimen title="Multi-select">
        <MultiSelect
          legend="Countries you pay to"
          name="kit-pay-to"
          options={COUNTRIES}
          value={countries}
          onChange={setCountries}
        />
        <MultiSelect
          legend="Source of funds"
          name="kit-funds"
          options={COUNTRIES}
          value={[]}
          onChange={() => undefined}
          error="Field is required"
        />
      </Specimen>
      <Specimen title="Textarea">
        <Textarea
          label="Note to the recipient"
          name="kit-note"
          maxLength={140}
          defaultValue="Thanks for March"
        />
        <Textarea label="Reason" name="kit-reason" maxLength={200} error="Field is required" />
      </Specimen>
      <Specimen title="Avatars and flags">
        <Avatar name="Sable Accountancy Ltd" />
        <Avatar name="Card payment" icon="card" />
        <Avatar name="Maria Rossi" size="small" />
        {[...CURRENCIES, "SE", "NO", "IE"].map((code) => (
          <span key={code} className="kit-icon">
            {code.length === 3 ? <Flag currency={code} /> : <Flag country={code} />}
            {code}
          </span>
        ))}
      </Specimen>
      <Specimen title="Dialog and drawer">
        <Button variant="secondary" onClick={() => setDialog("dialog")}>
          Open a dialog
        </Button>
        <Button variant="secondary" onClick={() => setDialog("drawer")}>
          Open a drawer
        </Button>
        <Dialog
          open={dialog !== null}
          kind={dialog ?? "dialog"}
          title="Close this card?"
          onClose={() => setDialog(null)}
        >
          <p>A closed card cannot be used again.</p>
          <Button variant="danger" onClick={() => setDialog(null)}>
            Close card
          </Button>
        </Dialog>
      </Specimen>
      <Specimen title="Money">
        <Money amount={204546.63} currency="GBP" />
        <Money amount={5780.79} currency="GBP" signed />
        <Money amount={-183.99} currency="EUR" signed />
        <Money amount={-1000000} currency="USD" signed />
      </Specimen>
      <Specimen title="Status chips">
        <StatusChip tone="green">Active</StatusChip>
        <StatusChip tone="blue">Pending</StatusChip>
        <StatusChip tone="red">Declined</StatusChip>
        <StatusChip tone="amber">To activate</StatusChip>
        <StatusChip tone="grey">Closed</StatusChip>
      </Specimen>
      <Specimen title="Notices">
        <Notice title="Good to know">Transfers after 16:00 arrive the next working day.</Notice>
        <Notice tone="success">Recipient has been successfully added</Notice>
        <Notice tone="warning">Your card is frozen.</Notice>
        <Notice tone="error">Something went wrong, try again later</Notice>
      </Specimen>
      <Specimen title="Empty and loading">
        <EmptyState title="No transactions yet">Money you send and receive shows here.</EmptyState>
        <Skeleton />
      </Specimen>
      <Specimen title="Steps">
        <Steps steps={["Amount", "Payee", "Review", "Approve", "Done"]} current={1} />
      </Specimen>
      <Specimen title="Code">
        <CodeInput
          label="Code"
          value={code}
          onChange={setCode}
          onComplete={() => undefined}
          autoFocus={false}
        />
      </Specimen>
      <Specimen title="Pagination">
        <Pagination current={page} total={20} onChange={setPage} label="Pages of a long list" />
        <Pagination current={2} total={4} onChange={() => undefined} label="Pages of a short list" />
      </Specimen>
      <Specimen title="Toasts">
        <Button variant="secondary" onClick={() => toasts.show("Success", "success")}>
          Show a toast
        </Button>
        <Button variant="secondary" onClick={() => toasts.show("Something went wrong", "error")}>
          Show an error
        </Button>
      </Specimen>
      <Specimen title="App loader">
        <Button
          variant="secondary"
          onClick={() => {
            setLoading(true);
            void atLeast(LOADER_MIN_MS, Promise.resolve()).then(() => setLoading(false));
          }}
        >
          Show the app loader (1 s)
        </Button>
        {loading ? <AppLoader label="Opening Bennett & Hale Trading Ltd…" /> : null}
      </Specimen>
      <Specimen title="Icons">
        {ICON_NAMES.map((name) => (
          <span key={name} className="kit-icon">
            <Icon name={name} size={24} />
            {name}
          </span>
        ))}
      </Specimen>
      <Toaster />
    </div>
  );
}
