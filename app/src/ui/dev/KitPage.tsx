import { type ReactNode, useState } from "react";
import { AmountInput } from "../AmountInput";
import { Button, IconButton } from "../Button";
import { CodeInput } from "../CodeInput";
import { Icon, ICON_NAMES } from "../Icon";
import { Money } from "../Money";
import { EmptyState, Notice, Skeleton } from "../Notice";
import { Pagination } from "../Pagination";
import { StatusChip } from "../StatusChip";
import { Steps } from "../Steps";
import { TextField } from "../TextField";
import { Toaster } from "../Toaster";
import { toasts } from "../toasts";

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
