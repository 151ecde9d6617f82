//! What every operation of the document shares: SPEC §8's error body for any refusal, and the
//! ways a caller authenticates.

use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
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
    for item in doc.paths.paths.values_mut() {
        let operations: [&mut Option<Operation>; 5] = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ];
        for operation in operations.into_iter().flatten() {
            operation
                .responses
                .responses
                .entry("default".to_string())
                .or_insert_with(|| refusal.clone().into());
        }
    }
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "ops_token",
        SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
    );
    components.add_security_scheme(
        "session",
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("__Host-access"))),
    );
    doc
}
