//! A BIC (ISO 9362), parsed once at the edge: 4 letters for the institution, a country it is
//! registered in (ISO 3166-1), 2 letters or digits for the location and an optional 3 for the
//! branch. SPEC §5: non-alphanumerics stripped, upper-cased, 8 or 11 characters, else
//! 'Invalid BIC/SWIFT code'.

pub const INVALID: &str = "Invalid BIC/SWIFT code";

/// ISO 3166-1 alpha-2 codes in use (plus XK, which SWIFT assigns to Kosovo).
const COUNTRIES: &str = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ \
BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET \
FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR \
IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN \
MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY \
QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR \
TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW";

/// Whether a code is an ISO 3166-1 alpha-2 country (a SWIFT payee's address may be anywhere).
pub fn is_country(code: &str) -> bool {
    code.len() == 2 && COUNTRIES.split(' ').any(|c| c == code)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bic(String);

impl Bic {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let bic: String = text
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_uppercase();
        if !matches!(bic.len(), 8 | 11) {
            return Err(INVALID);
        }
        let (institution, rest) = bic.split_at(4);
        let (country, rest) = rest.split_at(2);
        let (location, _branch) = rest.split_at(2);
        let known_country = is_country(country);
        // A location's second character "0" marks a test BIC, still a valid BIC.
        if !institution.chars().all(|c| c.is_ascii_uppercase())
            || !known_country
            || !location.chars().all(|c| c.is_ascii_alphanumeric())
        {
            return Err(INVALID);
        }
        Ok(Self(bic))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn country(&self) -> &str {
        &self.0[4..6]
    }

    /// The 8-character form (the branch "XXX" is the head office).
    pub fn institution_code(&self) -> &str {
        &self.0[..8]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bics_are_cleaned_and_checked() {
        assert_eq!(Bic::parse("nwbk gb 2l").unwrap().as_str(), "NWBKGB2L");
        assert_eq!(Bic::parse("DEUTDEFF500").unwrap().country(), "DE");
        assert_eq!(Bic::parse("NWBKGB2"), Err(INVALID));
        assert_eq!(Bic::parse("NWBKZZ2L"), Err(INVALID), "no country ZZ");
        assert_eq!(
            Bic::parse("12BKGB2L"),
            Err(INVALID),
            "the institution is letters"
        );
        assert_eq!(Bic::parse("NWBKGB2LXX"), Err(INVALID), "10 characters");
    }
}
