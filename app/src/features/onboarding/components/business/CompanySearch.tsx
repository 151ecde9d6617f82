import { useEffect, useId, useState } from "react";
import { type CompanyMatch, searchCompanies } from "../../api";

/** SPEC §5: company search from 2 characters, debounced 300 ms; the chosen one prefills the form. */
export const SEARCH_DEBOUNCE_MS = 300;

export function CompanySearch({ onChoose }: { onChoose: (company: CompanyMatch) => void }) {
  const id = useId();
  const [keyword, setKeyword] = useState("");
  const [results, setResults] = useState<CompanyMatch[]>([]);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    const wanted = keyword.trim();
    if (wanted.length < 2) {
      setResults([]);
      setNote(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      searchCompanies(wanted)
        .then((found) => {
          if (!live) return;
          setResults(found.results);
          setNote(found.results.length === 0 ? "No company found. Please enter its details below." : null);
        })
        .catch(() => {
          if (live) setNote("Company search is not available. Please enter your company's details.");
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  return (
    <div className="field company-search">
      <label htmlFor={id}>Find your company</label>
      <input
        id={id}
        type="search"
        value={keyword}
        placeholder="Company name or number"
        autoComplete="off"
        onChange={(event) => setKeyword(event.target.value)}
      />
      {note ? <p className="field-hint">{note}</p> : null}
      {results.length > 0 ? (
        <ul className="search-results" aria-label="Companies found">
          {results.map((company) => (
            <li key={company.number}>
              <button
                type="button"
                className="search-result"
                onClick={() => {
                  onChoose(company);
                  setResults([]);
                  setKeyword("");
                }}
              >
                <strong>{company.name}</strong> <span className="muted">{company.number}</span>
                <span className="muted">
                  {" "}
                  {company.address.city} {company.address.postcode}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
