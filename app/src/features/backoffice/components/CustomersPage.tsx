import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { parseQuery } from "../../../lib/url";
import { Button } from "../../../ui/Button";
import { TextField } from "../../../ui/fields";
import { EmptyState } from "../../../ui/Notice";
import { customerSearchQuery } from "../api";

/** Finding a customer: a plain GET form, so it works before the page's script has run. */
export function CustomersPage() {
  const query = (parseQuery(useLocation().search).q ?? "").trim();
  const { data } = useQuery({ ...customerSearchQuery(query), enabled: query.length >= 2 });
  const found = data?.customers ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="customers-title">
      <h1 id="customers-title">Customers</h1>
      <form method="get" action="/back-office/customers" className="back-office-search">
        <TextField
          label="Name, email, company name or number, IBAN or card's last four"
          name="q"
          defaultValue={query}
          autoComplete="off"
        />
        <Button type="submit">Search</Button>
      </form>
      {query.length >= 2 && found.length === 0 ? (
        <EmptyState title="No customer matches">Try their email, an IBAN or a company number.</EmptyState>
      ) : null}
      {found.length > 0 ? (
        <table className="back-office-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {found.map((customer) => (
              <tr key={customer.userId}>
                <td>
                  <Link to={`/back-office/customers/${customer.userId}`}>
                    {customer.name || customer.email}
                  </Link>
                </td>
                <td>{customer.email}</td>
                <td>{customer.kycStatus.replaceAll("_", " ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
