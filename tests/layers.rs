//! The server's layers, read from its sources (issue 27, DESIGN.md §1): every `crate::` path in
//! a file of `server/` names the module it reaches into, and this test fails on an arrow that
//! the layering forbids, on a circle between the areas of `api/`, and on a database transaction
//! opened by a handler or a page instead of a service.
//!
//! http → api → services → store → domain, one way only; config, rate limiting and the
//! providers' traits sit beside them. Nothing reaches into http but `main.rs`, nothing into
//! api but http, and domain reaches nowhere.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What each top-level module of `server/` may reach into (besides itself).
const ALLOWED: &[(&str, &[&str])] = &[
    ("domain", &[]),
    ("lifecycle", &[]),
    ("config", &["domain"]),
    ("store", &["domain"]),
    ("rate_limit", &["config", "domain", "store"]),
    // Real adapters implement a trait and need only the domain and their settings; sandbox
    // providers (money in, the card network) play the outside party and call services, as
    // their real counterparts' webhooks would.
    (
        "providers",
        &["config", "domain", "store", "services", "demo"],
    ),
    (
        "services",
        &["config", "domain", "store", "providers", "rate_limit"],
    ),
    ("demo", &["config", "domain", "store", "services"]),
    (
        "jobs",
        &[
            "config",
            "domain",
            "store",
            "services",
            "providers",
            "rate_limit",
            "lifecycle",
        ],
    ),
    // Handlers parse, authorise and call a service: they never read or write storage.
    (
        "api",
        &["config", "domain", "services", "providers", "rate_limit"],
    ),
    (
        "http",
        &[
            "api",
            "config",
            "demo",
            "domain",
            "jobs",
            "lifecycle",
            "providers",
            "rate_limit",
            "services",
        ],
    ),
];

/// Files of `api/` that serve every area (errors, extractors, the rights table); the rest are
/// grouped into areas by their folder (or file name), and areas may not form a circle.
const API_COMMON: &[&str] = &[
    "mod",
    "error",
    "rights",
    "current_user",
    "selected_profile",
    "client_ip",
    "session_cookies",
    "session_state",
    "common_answers",
    "cpu_pool",
    "openapi_doc",
];

fn server() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("server")
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The modules a file reaches, as `crate::a::b` paths cut to their first `depth` names.
/// Comments are skipped; `use crate::{a, b::c}` groups are read name by name.
fn reaches(text: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let code = code.split(" //").next().unwrap_or(code);
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let tail = &rest[at + "crate::".len()..];
            if let Some(group) = tail.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or("");
                for item in group.split(',') {
                    found.push(path_names(item.trim()));
                }
            } else {
                found.push(path_names(tail));
            }
            rest = tail;
        }
    }
    found.retain(|names| !names.is_empty());
    found
}

fn path_names(text: &str) -> Vec<String> {
    text.split("::")
        .map(|part| {
            part.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .take_while(|name| !name.is_empty() && name.chars().next().unwrap().is_ascii_lowercase())
        .collect()
}

/// The top-level module and (for api) the area a file belongs to.
fn place(file: &Path) -> (String, Option<String>) {
    let relative = file.strip_prefix(server()).unwrap();
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let top = parts[0].clone();
    let area = (top == "api" && parts.len() > 1).then(|| parts[1].clone());
    (top, area)
}

fn api_area(name: &str) -> Option<String> {
    (!API_COMMON.contains(&name)).then(|| name.to_string())
}

#[test]
fn no_arrow_goes_the_wrong_way() {
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut files = Vec::new();
    sources(&server(), &mut files);
    let mut wrong = BTreeSet::new();
    for file in &files {
        let (top, _) = place(file);
        let text = std::fs::read_to_string(file).unwrap();
        if top == "main" || top == "lib" {
            continue;
        }
        let Some(may) = allowed.get(top.as_str()) else {
            panic!("{top}: a new top-level module needs its row in ALLOWED");
        };
        for names in reaches(&text) {
            let to = names[0].as_str();
            if to != top && !may.contains(&to) {
                wrong.insert(format!(
                    "{} → crate::{}",
                    file.strip_prefix(server()).unwrap().display(),
                    names.join("::")
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layering (DESIGN.md §1):\n{}",
        wrong.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// A use case that writes runs in `services/`, in one database transaction there: handlers
/// and pages never open one (a transaction begun in a handler is a use case in the wrong place).
#[test]
fn only_services_and_storage_open_transactions() {
    let mut files = Vec::new();
    sources(&server(), &mut files);
    let mut found = Vec::new();
    for file in &files {
        let (top, _) = place(file);
        if !matches!(top.as_str(), "api" | "http") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("begin_write(") || code.contains(".begin()") {
                found.push(format!(
                    "{}:{}",
                    file.strip_prefix(server()).unwrap().display(),
                    number + 1
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a transaction opened outside services (move the use case to server/services):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_areas_of_the_api_form_no_circle() {
    let mut files = Vec::new();
    sources(&server().join("api"), &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut why: BTreeMap<(String, String), String> = BTreeMap::new();
    for file in &files {
        let (_, area) = place(file);
        let Some(from) = area.as_deref().and_then(api_area) else {
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        let mut targets: Vec<Vec<String>> = reaches(&text)
            .into_iter()
            .filter(|n| n[0] == "api" && n.len() > 1)
            .map(|n| n[1..].to_vec())
            .collect();
        // In a file directly under api/, `super::x` is a sibling area; deeper, `super::` stays
        // in the area's folder.
        let top_level = file.parent() == Some(server().join("api").as_path());
        if top_level {
            targets.extend(
                reaches(&text.replace("super::", "crate::api::"))
                    .into_iter()
                    .filter(|n| n[0] == "api" && n.len() > 1)
                    .map(|n| n[1..].to_vec()),
            );
        }
        for names in targets {
            if let Some(to) = api_area(&names[0]) {
                if to != from {
                    edges.entry(from.clone()).or_default().insert(to.clone());
                    why.entry((from.clone(), to.clone())).or_insert_with(|| {
                        file.strip_prefix(server()).unwrap().display().to_string()
                    });
                }
            }
        }
    }
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut circle = stack[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, edges, stack, done) {
                return Some(circle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        if let Some(circle) = visit(node, &edges, &mut Vec::new(), &mut done) {
            let steps: Vec<String> = circle
                .windows(2)
                .map(|pair| {
                    let from = &pair[0];
                    let to = &pair[1];
                    format!("{from} → {to} ({})", why[&(from.clone(), to.clone())])
                })
                .collect();
            panic!("the api's areas form a circle:\n{}", steps.join("\n"));
        }
    }
}

#[test]
fn the_reader_finds_what_it_should() {
    let found = reaches(
        "use crate::{api::error::AppError, store};\n// crate::http::no\nlet x = crate::domain::london::day_of(now);",
    );
    assert_eq!(
        found,
        vec![
            vec!["api".to_string(), "error".into()],
            vec!["store".to_string()],
            vec!["domain".to_string(), "london".into(), "day_of".into()],
        ]
    );
}
