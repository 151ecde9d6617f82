//! Surveys (SPEC §2 open banking survey, §3 settings `surveys`, §7 POST /v2/ui-forms/take): the
//! questions are defined here and sent to the app as a form, so a survey changes with the bank
//! and not with an app release; the answers are checked against the same definition.

use std::collections::BTreeMap;

use serde_json::Value;

pub type FieldErrors = BTreeMap<String, String>;

const REQUIRED: &str = "Field is required";
const NOT_A_CHOICE: &str = "Choose one of the options";
const TEXT_MAX: usize = 1000;

/// The surveys the bank runs, by the names the settings' `surveys` entry carries.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Survey {
    OpenBankingSurvey,
}

impl Survey {
    pub const ALL: [Survey; 1] = [Self::OpenBankingSurvey];

    pub fn name(self) -> &'static str {
        match self {
            Self::OpenBankingSurvey => "openBankingSurvey",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|survey| survey.name() == name)
    }

    /// The form the app shows.
    pub fn form(self) -> SurveyForm {
        match self {
            Self::OpenBankingSurvey => open_banking(),
        }
    }
}

impl crate::domain::Named for Survey {
    const TYPE: &'static str = "Survey";
    fn from_name(text: &str) -> Option<Self> {
        Self::parse(text)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum QuestionKind {
    /// One of the options.
    Single,
    /// Any of the options, at least one when required.
    Multiple,
    /// Free text, up to 1,000 characters.
    Text,
}

#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
pub struct SurveyChoice {
    pub value: &'static str,
    pub label: &'static str,
}

#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyQuestion {
    pub id: &'static str,
    pub label: &'static str,
    pub kind: QuestionKind,
    pub required: bool,
    pub options: Vec<SurveyChoice>,
}

/// SPEC §7 POST /v2/ui-forms/take: a survey as the app shows it.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyForm {
    pub name: Survey,
    pub title: &'static str,
    pub intro: &'static str,
    pub questions: Vec<SurveyQuestion>,
}

fn choices(pairs: &[(&'static str, &'static str)]) -> Vec<SurveyChoice> {
    pairs
        .iter()
        .map(|&(value, label)| SurveyChoice { value, label })
        .collect()
}

fn open_banking() -> SurveyForm {
    SurveyForm {
        name: Survey::OpenBankingSurvey,
        title: "Help us shape open banking at Harbour",
        intro:
            "Open banking lets you share your bank data with apps you choose, or pay from another \
                bank without card details. Three questions, about a minute: your answers decide \
                what we build first.",
        questions: vec![
            SurveyQuestion {
                id: "otherBanks",
                label: "Do you use other banks or finance apps alongside Harbour?",
                kind: QuestionKind::Single,
                required: true,
                options: choices(&[
                    ("several", "Yes, several"),
                    ("one", "Yes, one"),
                    ("none", "No, only Harbour"),
                ]),
            },
            SurveyQuestion {
                id: "wanted",
                label: "What would you use?",
                kind: QuestionKind::Multiple,
                required: true,
                options: choices(&[
                    (
                        "balances",
                        "See my other banks' balances and transactions here",
                    ),
                    ("payIn", "Top up from another bank without card details"),
                    (
                        "accounting",
                        "Share transactions with my accounting software",
                    ),
                    ("nothing", "None of these"),
                ]),
            },
            SurveyQuestion {
                id: "comfort",
                label: "How comfortable are you sharing account data with an app you choose?",
                kind: QuestionKind::Single,
                required: true,
                options: choices(&[
                    ("very", "Comfortable"),
                    ("somewhat", "It depends on the app"),
                    ("not", "Not comfortable"),
                ]),
            },
            SurveyQuestion {
                id: "comments",
                label: "Anything else you would like us to know? (optional)",
                kind: QuestionKind::Text,
                required: false,
                options: Vec::new(),
            },
        ],
    }
}

/// Checks the person's answers against the form: every required question answered, each
/// choice one of its options, text within its length; unknown questions refused. What is kept
/// is the answers as checked (trimmed text, no empty optional answers).
pub fn check(form: &SurveyForm, answers: &BTreeMap<String, Value>) -> Result<Value, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut kept = serde_json::Map::new();
    for name in answers.keys() {
        if !form.questions.iter().any(|q| q.id == name) {
            errors.insert(name.clone(), "Unknown question".into());
        }
    }
    for question in &form.questions {
        let given = answers.get(question.id).filter(|v| !v.is_null());
        let is_option = |v: &str| question.options.iter().any(|o| o.value == v);
        let answer = match (question.kind, given) {
            (QuestionKind::Single, Some(Value::String(v))) if is_option(v) => Some(json(v)),
            (QuestionKind::Multiple, Some(Value::Array(items))) => {
                let mut picked: Vec<&str> = Vec::new();
                for item in items {
                    match item.as_str() {
                        Some(v) if is_option(v) && !picked.contains(&v) => picked.push(v),
                        _ => {
                            errors.insert(question.id.into(), NOT_A_CHOICE.into());
                        }
                    }
                }
                (!picked.is_empty()).then(|| Value::from(picked))
            }
            (QuestionKind::Text, Some(Value::String(text))) => {
                let text = text.trim();
                if text.chars().count() > TEXT_MAX {
                    errors.insert(question.id.into(), "Write at most 1,000 characters".into());
                }
                (!text.is_empty()).then(|| json(text))
            }
            (_, None) => None,
            (QuestionKind::Text, Some(_)) => {
                errors.insert(question.id.into(), "Write your answer as text".into());
                None
            }
            (_, Some(_)) => {
                errors.insert(question.id.into(), NOT_A_CHOICE.into());
                None
            }
        };
        match answer {
            Some(value) => {
                kept.insert(question.id.into(), value);
            }
            None if question.required => {
                errors.entry(question.id.into()).or_insert(REQUIRED.into());
            }
            None => {}
        }
    }
    if errors.is_empty() {
        Ok(Value::Object(kept))
    } else {
        Err(errors)
    }
}

fn json(text: &str) -> Value {
    Value::String(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answers(value: Value) -> BTreeMap<String, Value> {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn a_full_answer_is_kept_as_checked() {
        let form = Survey::OpenBankingSurvey.form();
        let kept = check(
            &form,
            &answers(json!({
                "otherBanks": "several",
                "wanted": ["balances", "accounting", "balances"],
                "comfort": "somewhat",
                "comments": "  More of this please  ",
            })),
        );
        assert!(kept.is_err(), "a choice given twice is refused");
        let kept = check(
            &form,
            &answers(json!({
                "otherBanks": "several",
                "wanted": ["balances", "accounting"],
                "comfort": "somewhat",
                "comments": "  More of this please  ",
            })),
        )
        .unwrap();
        assert_eq!(kept["comments"], "More of this please");
        assert_eq!(kept["wanted"], json!(["balances", "accounting"]));
    }

    #[test]
    fn every_required_question_must_be_answered_with_an_option() {
        let form = Survey::OpenBankingSurvey.form();
        let errors = check(&form, &answers(json!({}))).unwrap_err();
        assert_eq!(errors["otherBanks"], REQUIRED);
        assert_eq!(errors["wanted"], REQUIRED);
        assert_eq!(errors["comfort"], REQUIRED);
        assert!(!errors.contains_key("comments"), "optional");

        let errors = check(
            &form,
            &answers(json!({
                "otherBanks": "maybe",
                "wanted": [],
                "comfort": ["very"],
                "comments": 7,
                "age": "40",
            })),
        )
        .unwrap_err();
        assert_eq!(errors["otherBanks"], NOT_A_CHOICE);
        assert_eq!(errors["wanted"], REQUIRED);
        assert_eq!(errors["comfort"], NOT_A_CHOICE);
        assert_eq!(errors["comments"], "Write your answer as text");
        assert_eq!(errors["age"], "Unknown question");

        let long = "x".repeat(1001);
        let errors = check(
            &form,
            &answers(json!({"otherBanks": "one", "wanted": ["nothing"], "comfort": "not", "comments": long})),
        )
        .unwrap_err();
        assert_eq!(errors["comments"], "Write at most 1,000 characters");
    }
}
