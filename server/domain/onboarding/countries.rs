//! The countries the bank serves (SPEC §9): the United Kingdom and 23 EU/EEA countries, the
//! 21 euro-area members (Bulgaria since 2026) plus Norway and Sweden, with the legal forms of
//! company that business onboarding offers in each.

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub code: &'static str,
    pub name: &'static str,
    /// A flag emoji: text, so it costs no request and no image.
    pub icon: String,
    pub telephone: &'static str,
    pub is_supported: bool,
    pub default: bool,
    pub company_types: Vec<CompanyType>,
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct CompanyType {
    pub value: &'static str,
    pub label: &'static str,
}

type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const ROWS: &[Row] = &[
    (
        "GB",
        "United Kingdom",
        "+44",
        &[
            ("ltd", "Private limited company (Ltd)"),
            ("plc", "Public limited company (PLC)"),
            ("llp", "Limited liability partnership (LLP)"),
            ("sole_trader", "Sole trader"),
        ],
    ),
    (
        "AT",
        "Austria",
        "+43",
        &[
            ("gmbh", "Gesellschaft mit beschränkter Haftung (GmbH)"),
            ("ag", "Aktiengesellschaft (AG)"),
            ("eu", "Einzelunternehmen"),
        ],
    ),
    (
        "BE",
        "Belgium",
        "+32",
        &[
            ("srl", "Société à responsabilité limitée (SRL/BV)"),
            ("sa", "Société anonyme (SA/NV)"),
        ],
    ),
    (
        "BG",
        "Bulgaria",
        "+359",
        &[
            (
                "eood",
                "Еднолично дружество с ограничена отговорност (EOOD)",
            ),
            ("ood", "Дружество с ограничена отговорност (OOD)"),
            ("ad", "Акционерно дружество (AD)"),
        ],
    ),
    (
        "HR",
        "Croatia",
        "+385",
        &[
            ("doo", "Društvo s ograničenom odgovornošću (d.o.o.)"),
            ("dd", "Dioničko društvo (d.d.)"),
        ],
    ),
    (
        "CY",
        "Cyprus",
        "+357",
        &[
            ("ltd", "Private company limited by shares (Ltd)"),
            ("plc", "Public company (PLC)"),
        ],
    ),
    (
        "EE",
        "Estonia",
        "+372",
        &[("ou", "Osaühing (OÜ)"), ("as", "Aktsiaselts (AS)")],
    ),
    (
        "FI",
        "Finland",
        "+358",
        &[
            ("oy", "Osakeyhtiö (Oy)"),
            ("oyj", "Julkinen osakeyhtiö (Oyj)"),
        ],
    ),
    (
        "FR",
        "France",
        "+33",
        &[
            ("sas", "Société par actions simplifiée (SAS)"),
            ("sarl", "Société à responsabilité limitée (SARL)"),
            ("sa", "Société anonyme (SA)"),
        ],
    ),
    (
        "DE",
        "Germany",
        "+49",
        &[
            ("gmbh", "Gesellschaft mit beschränkter Haftung (GmbH)"),
            ("ug", "Unternehmergesellschaft (UG)"),
            ("ag", "Aktiengesellschaft (AG)"),
            ("eu", "Einzelunternehmen"),
        ],
    ),
    (
        "GR",
        "Greece",
        "+30",
        &[
            ("ike", "Ιδιωτική κεφαλαιουχική εταιρεία (IKE)"),
            ("ae", "Ανώνυμη εταιρεία (AE)"),
        ],
    ),
    (
        "IE",
        "Ireland",
        "+353",
        &[
            ("ltd", "Private company limited by shares (LTD)"),
            ("dac", "Designated activity company (DAC)"),
            ("plc", "Public limited company (PLC)"),
        ],
    ),
    (
        "IT",
        "Italy",
        "+39",
        &[
            ("srl", "Società a responsabilità limitata (S.r.l.)"),
            ("spa", "Società per azioni (S.p.A.)"),
        ],
    ),
    (
        "LV",
        "Latvia",
        "+371",
        &[
            ("sia", "Sabiedrība ar ierobežotu atbildību (SIA)"),
            ("as", "Akciju sabiedrība (AS)"),
        ],
    ),
    (
        "LT",
        "Lithuania",
        "+370",
        &[
            ("uab", "Uždaroji akcinė bendrovė (UAB)"),
            ("ab", "Akcinė bendrovė (AB)"),
        ],
    ),
    (
        "LU",
        "Luxembourg",
        "+352",
        &[
            ("sarl", "Société à responsabilité limitée (SARL)"),
            ("sa", "Société anonyme (SA)"),
        ],
    ),
    (
        "MT",
        "Malta",
        "+356",
        &[
            ("ltd", "Private limited liability company (Ltd)"),
            ("plc", "Public limited liability company (PLC)"),
        ],
    ),
    (
        "NL",
        "Netherlands",
        "+31",
        &[
            ("bv", "Besloten vennootschap (B.V.)"),
            ("nv", "Naamloze vennootschap (N.V.)"),
            ("eenmanszaak", "Eenmanszaak"),
        ],
    ),
    (
        "PT",
        "Portugal",
        "+351",
        &[
            ("lda", "Sociedade por quotas (Lda.)"),
            ("sa", "Sociedade anónima (S.A.)"),
        ],
    ),
    (
        "SK",
        "Slovakia",
        "+421",
        &[
            ("sro", "Spoločnosť s ručením obmedzeným (s.r.o.)"),
            ("as", "Akciová spoločnosť (a.s.)"),
        ],
    ),
    (
        "SI",
        "Slovenia",
        "+386",
        &[
            ("doo", "Družba z omejeno odgovornostjo (d.o.o.)"),
            ("dd", "Delniška družba (d.d.)"),
        ],
    ),
    (
        "ES",
        "Spain",
        "+34",
        &[
            ("sl", "Sociedad limitada (S.L.)"),
            ("sa", "Sociedad anónima (S.A.)"),
        ],
    ),
    (
        "NO",
        "Norway",
        "+47",
        &[
            ("as", "Aksjeselskap (AS)"),
            ("asa", "Allmennaksjeselskap (ASA)"),
        ],
    ),
    (
        "SE",
        "Sweden",
        "+46",
        &[("ab", "Aktiebolag (AB)"), ("hb", "Handelsbolag (HB)")],
    ),
];

const UNSUPPORTED: [&str; 2] = ["NO", "SE"];

/// The list in the order forms show it: the default (United Kingdom) first, then by name.
pub fn all() -> Vec<Country> {
    let mut list: Vec<Country> = ROWS
        .iter()
        .map(|(code, name, telephone, types)| Country {
            code,
            name,
            icon: flag_emoji(code),
            telephone,
            // Companies and residents of the two non-euro Nordic countries are not served yet
            // (no NOK or SEK accounts); the forms say so rather than hide the country.
            is_supported: !UNSUPPORTED.contains(code),
            default: *code == "GB",
            company_types: types
                .iter()
                .map(|(value, label)| CompanyType { value, label })
                .collect(),
        })
        .collect();
    list.sort_by(|a, b| b.default.cmp(&a.default).then(a.name.cmp(b.name)));
    list
}

/// A country the bank serves, by its code.
pub fn supported(code: &str) -> Option<Country> {
    all().into_iter().find(|c| c.code == code && c.is_supported)
}

/// Regional indicator symbols: "GB" becomes 🇬🇧.
fn flag_emoji(code: &str) -> String {
    code.chars()
        .filter_map(|c| char::from_u32(0x1F1E6 + (c as u32).checked_sub('A' as u32)?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_united_kingdom_and_23_eu_eea_countries() {
        let list = all();
        assert_eq!(list.len(), 24);
        assert_eq!(list[0].code, "GB");
        assert!(list[0].default);
        assert_eq!(list.iter().filter(|c| c.default).count(), 1);
        let mut codes: Vec<_> = list.iter().map(|c| c.code).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 24, "codes are unique");
        assert_eq!(list.iter().filter(|c| !c.is_supported).count(), 2);
        assert!(list
            .iter()
            .all(|c| !c.company_types.is_empty() && c.telephone.starts_with('+')));
    }

    #[test]
    fn flags_are_regional_indicators() {
        assert_eq!(flag_emoji("GB"), "🇬🇧");
    }
}
