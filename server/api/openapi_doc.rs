//! What every operation of the document shares: SPEC §8's error body for any refusal, the ways
//! a caller authenticates, unique operation ids, and answers whose fields are always present.

use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, ResponseBuilder};

pub fn complete(mut doc: OpenApi) -> OpenApi {
    // The bank's API is not published under a licence; the crate has none to copy.
    doc.info.license = None;
    let refusal = ResponseBuilder::new()
        .description("A refusal: SPEC §8 `{code, title, message}`, with `fields` for field errors")
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("ErrorBody")))
                .build(),
        )
        .build();
    for (path, item) in doc.paths.paths.iter_mut() {
        let operations: [(&str, &mut Option<Operation>); 5] = [
            ("get", &mut item.get),
            ("post", &mut item.post),
            ("put", &mut item.put),
            ("patch", &mut item.patch),
            ("delete", &mut item.delete),
        ];
        for (method, slot) in operations {
            let Some(operation) = slot.as_mut() else {
                continue;
            };
            // Handler names repeat across areas (`fetch`, `take`); method and path do not.
            operation.operation_id = Some(operation_id(method, path));
            operation
                .responses
                .responses
                .entry("default".to_string())
                .or_insert_with(|| refusal.clone().into());
        }
    }
    let requests = request_schemas(&doc);
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in components.schemas.iter_mut() {
        if !requests.contains(name) && !SPARSE.contains(&name.as_str()) {
            every_field_present(schema);
        }
    }
    components.add_security_scheme(
        "session",
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("__Host-access"))),
    );
    doc
}

/// Answers that leave out what they do not carry (a log-in answer holds either a second factor
/// or the tokens; a refusal has `fields` only for field errors).
const SPARSE: &[&str] = &["LoginReply", "ErrorBody", "Success"];

/// The component schemas a request body uses, directly or through others.
fn request_schemas(doc: &OpenApi) -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    let mut pending: Vec<String> = Vec::new();
    let paths = serde_json::to_value(&doc.paths).unwrap_or_default();
    collect_refs(
        &paths
            .as_object()
            .into_iter()
            .flat_map(|paths| paths.values())
            .flat_map(|item| item.as_object().into_iter().flat_map(|ops| ops.values()))
            .filter_map(|operation| operation.get("requestBody").cloned())
            .collect::<Vec<_>>()
            .into(),
        &mut pending,
    );
    let schemas = doc
        .components
        .as_ref()
        .map(|c| serde_json::to_value(&c.schemas).unwrap_or_default())
        .unwrap_or_default();
    while let Some(name) = pending.pop() {
        if found.insert(name.clone()) {
            collect_refs(&schemas[&name], &mut pending);
        }
    }
    found
}

fn collect_refs(value: &serde_json::Value, into: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::String(reference)) = map.get("$ref") {
                if let Some(name) = reference.strip_prefix("#/components/schemas/") {
                    into.push(name.to_string());
                }
            }
            map.values().for_each(|v| collect_refs(v, into));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, into)),
        _ => {}
    }
}

/// The bank's answers serialise every field, `null` where there is nothing: the document says
/// so, and the app's types need not guess between absent and null.
fn every_field_present(schema: &mut utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>) {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::RefOr;
    if let RefOr::T(Schema::Object(object)) = schema {
        for name in object.properties.keys() {
            if !object.required.contains(name) {
                object.required.push(name.clone());
            }
        }
    }
}

/// `post /v2/transactions/fetch` -> `post_v2_transactions_fetch`.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_string();
    for part in path.split(|c: char| !c.is_ascii_alphanumeric()) {
        if !part.is_empty() {
            id.push('_');
            id.push_str(part);
        }
    }
    id
}
