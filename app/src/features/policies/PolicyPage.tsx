import { useApp } from "../../lib/appContext";
import { Logo } from "../../ui/Logo";
import { PolicyLinks } from "../../ui/PolicyLinks";
import type { Block, PolicyDoc } from "./types";

function BlockView({ block }: { block: Block }) {
  if (typeof block === "string") return <p>{block}</p>;
  return (
    <ul>
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A policy document: read, not used, so it is complete HTML with no script. */
export function PolicyPage({ doc }: { doc: PolicyDoc }) {
  const { site } = useApp();
  return (
    <div className="frame frame-policy">
      <header className="topbar">
        <Logo />
      </header>
      <main id="main" className="page policy">
        <article>
          <h1>{doc.title}</h1>
          <p className="policy-updated">Last updated {doc.updated}</p>
          <p className="lead">{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.blocks.map((block) => (
                <BlockView key={typeof block === "string" ? block : block.join("|")} block={block} />
              ))}
            </section>
          ))}
        </article>
      </main>
      <footer className="footer">
        <PolicyLinks />
        <p className="legal-line">
          {site.legalName}, {site.address}. {site.supportEmail} · {site.supportPhone}
        </p>
      </footer>
    </div>
  );
}
