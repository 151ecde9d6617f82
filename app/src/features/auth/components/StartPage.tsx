import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { keepLinkKeys } from "../../../lib/linkKeys";
import { parseQuery } from "../../../lib/url";
import { useApp } from "../../../lib/appContext";
import { featuresQuery, isOn } from "../../../api/features";
import { countriesQuery } from "../../../api/countries";

export function StartPage() {
  const { site } = useApp();
  const features = useQuery(featuresQuery()).data;
  const countries = useQuery(countriesQuery()).data ?? [];
  // A campaign's or a friend's link may land here: kept until the sign-up (SPEC §9, 60 days).
  const search = useLocation().search;
  useEffect(() => {
    keepLinkKeys(window.localStorage, parseQuery(search), Date.now());
  }, [search]);
  const offers = [
    {
      title: "Accounts in five currencies",
      text: "Hold pounds, euros, US dollars, Swiss francs and Albanian lek, each with its own account details.",
    },
    {
      title: "UK, SEPA and SWIFT transfers",
      text: "Pay suppliers and staff through Faster Payments in the UK, SEPA across Europe and SWIFT worldwide.",
    },
    ...(isOn(features, "currencyExchange")
      ? [
          {
            title: "Currency exchange",
            text: "Convert between your accounts at a rate you see before you confirm.",
          },
        ]
      : []),
    ...(isOn(features, "corporateCards")
      ? [{ title: "Corporate cards", text: "Give your team cards with their own limits and controls." }]
      : []),
    {
      title: "Invoices and statements",
      text: "Send invoices, and download statements and proof of account.",
    },
  ];
  return (
    <div className="start">
      <section className="hero" aria-labelledby="start-title">
        <h1 id="start-title">Banking for businesses and people who work across borders</h1>
        <p className="lead">
          Open a {site.tradingName} account online in minutes. Your money is safeguarded, and you can reach a
          person at {site.supportPhone}.
        </p>
        <div className="hero-actions">
          <Link to="/onboarding/user" className="button button-primary button-large">
            Sign Up
          </Link>
          <Link to="/login" className="button button-secondary button-large">
            Log In
          </Link>
        </div>
      </section>
      <section aria-labelledby="offers-title" className="offers">
        <h2 id="offers-title">What you can do</h2>
        <ul className="offer-grid">
          {offers.map((offer) => (
            <li key={offer.title} className="card">
              <h3>{offer.title}</h3>
              <p>{offer.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="countries-title" className="countries">
        <h2 id="countries-title">Where we open accounts</h2>
        <p>Businesses and residents of the United Kingdom and {countries.length - 1} EU and EEA countries.</p>
        <ul className="country-list">
          {countries.map((country) => (
            <li key={country.code}>{country.name}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
