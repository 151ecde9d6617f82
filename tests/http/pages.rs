use crate::helpers::*;
use axum::body::Body;
use axum::http::Request;

const POLICIES: [(&str, &str); 7] = [
    ("/terms-and-conditions", "Terms and conditions"),
    ("/privacy-policy", "Privacy policy"),
    (
        "/deposit-withdrawal-policy",
        "Deposit and withdrawal policy",
    ),
    (
        "/corporate-card-terms-of-use",
        "Corporate card terms of use",
    ),
    ("/consumer-card-terms-of-use", "Consumer card terms of use"),
    ("/card-holder-privacy-policy", "Cardholder privacy policy"),
    ("/complaint-policy", "Complaints policy"),
];

/// The nonce of the page's CSP header; every script and preload must carry it.
fn csp_nonce(reply: &Reply) -> String {
    let csp = reply.header("content-security-policy");
    let start = csp.find("'nonce-").expect("a nonce in the CSP") + 7;
    csp[start..].split('\'').next().unwrap().to_string()
}

fn assert_security_headers(reply: &Reply) {
    assert!(reply
        .header("content-security-policy")
        .contains("frame-ancestors 'none'"));
    assert!(!reply
        .header("content-security-policy")
        .contains("unsafe-inline"));
    assert!(reply
        .header("strict-transport-security")
        .starts_with("max-age="));
    assert_eq!(reply.header("x-content-type-options"), "nosniff");
    assert_eq!(
        reply.header("referrer-policy"),
        "strict-origin-when-cross-origin"
    );
    assert!(!reply.header("x-request-id").is_empty());
}

fn assert_redirect(reply: &Reply, to: &str) {
    assert_eq!(reply.status, 302, "expected a redirect to {to}");
    assert_eq!(reply.header("location"), to);
}

fn assert_page(reply: &Reply, status: u16, h1: &str) {
    assert_eq!(
        reply.status,
        status,
        "{}",
        &reply.body[..reply.body.len().min(600)]
    );
    assert!(reply.header("content-type").starts_with("text/html"));
    assert!(reply.body.contains(h1), "expected {h1:?} in the page");
    assert_eq!(reply.body.matches("<h1").count(), 1, "one h1 per page");
    assert!(reply
        .body
        .starts_with("<!doctype html>\n<html lang=\"en-GB\">"));
    assert!(reply.body.contains("name=\"viewport\""));
    assert!(reply.body.contains("name=\"theme-color\""));
    assert_security_headers(reply);
}

fn assert_hydrates(reply: &Reply) {
    let nonce = csp_nonce(reply);
    let scripts = reply.body.matches("<script").count();
    assert_eq!(scripts, 2, "the state and the script that starts the app");
    assert_eq!(
        reply.body.matches(&format!("nonce=\"{nonce}\"")).count(),
        scripts
    );
    assert!(reply
        .body
        .contains("id=\"__bank_state\" type=\"application/json\""));
    // The first paint waits for nothing but the stylesheet: the app's modules are asked for
    // by the boot script after it, never by the head.
    let head = &reply.body[..reply.body.find("</head>").expect("a head")];
    assert!(!head.contains("modulepreload") && !head.contains(".js"));
    assert!(head.contains("<link rel=\"expect\" href=\"#root\" blocking=\"render\">"));
    assert!(reply.body.contains("\"/assets/entry-client-"));
    assert!(reply.body.contains("\"/assets/routes-"));
}

/// The boot script asks for the entry, then everything the rendered page needs: the entry's
/// imports, the route set's chunks and the page's own, which no other page's first load carries.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_asks_for_its_own_chunk_and_no_other_page() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let manifest = bank::http::assets::Manifest::embedded();
    let login = bank.get("/login", DESKTOP).await;
    let forgot = bank.get("/forgot", DESKTOP).await;
    assert_page(&login, 200, "Log in");
    assert_hydrates(&login);
    let page = |id: &str| {
        manifest
            .pages
            .get(id)
            .cloned()
            .expect("the page is in the manifest")
    };
    let own = |chunks: &[String], other: &[String]| {
        chunks
            .iter()
            .filter(|c| !other.contains(c))
            .cloned()
            .collect::<Vec<_>>()
    };
    let login_page = page("features/auth/components/LoginPage");
    let forgot_page = page("features/auth/components/ForgotPage");
    for chunk in manifest.route_sets["auth"].iter().chain(&login_page) {
        assert!(
            login.body.contains(&format!("\"{chunk}\"")),
            "/login misses {chunk}"
        );
    }
    let forgot_only = own(&forgot_page, &login_page);
    assert!(!forgot_only.is_empty());
    for chunk in forgot_only {
        assert!(
            !login.body.contains(&chunk),
            "/login fetches the forgot page's {chunk}"
        );
        assert!(forgot.body.contains(&chunk));
    }
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn desktop_auth_routes() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let start = bank.get("/", DESKTOP).await;
    assert_page(
        &start,
        200,
        "Banking for businesses and people who work across borders",
    );
    assert!(start.body.contains(">Sign Up<") && start.body.contains(">Log In<"));
    assert!(
        start.body.contains("United Kingdom") && start.body.contains("Sweden"),
        "countries come from the API"
    );
    assert!(
        start.body.contains("Corporate cards"),
        "the corporateCards flag is on by default"
    );
    assert!(start
        .body
        .contains("<link rel=\"canonical\" href=\"https:&#x2f;&#x2f;bank.test&#x2f;\">"));
    assert!(start.body.contains("<meta name=\"description\""));
    assert_hydrates(&start);

    assert_redirect(&bank.get("/signup", DESKTOP).await, "/onboarding/user");
    assert_redirect(&bank.get("/onboarding", DESKTOP).await, "/onboarding/user");
    assert_redirect(&bank.get("/reset-password", DESKTOP).await, "/login");
    // The business wizard saves to an account: a visitor signs up first, as a business.
    assert_redirect(
        &bank.get("/onboarding/business", DESKTOP).await,
        "/onboarding/user?flow=business",
    );

    let pages = [
        ("/login", "Log in"),
        ("/forgot", "Forgot password"),
        ("/reset-password?token=abc", "Choose a new password"),
        ("/accept-invite", "Accept your invitation"),
        ("/leads", "Talk to our business team"),
        ("/onboarding/user", "Account Registration"),
        ("/invitation/KEY-123/card", "Your company card"),
    ];
    for (path, h1) in pages {
        let reply = bank.get(path, DESKTOP).await;
        assert_page(&reply, 200, h1);
        assert_hydrates(&reply);
    }
    // Activating a corporate card needs the login made from its invitation.
    assert_redirect(
        &bank.get("/invitation/KEY-123/card/activate", DESKTOP).await,
        "/invitation/KEY-123/card",
    );
    // Desktop has no invited-user onboarding in the auth set.
    assert_page(
        &bank.get("/invite-onboarding/user", DESKTOP).await,
        404,
        "Page not found",
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mobile_auth_routes() {
    let bank = TestBank::start(Backend::Sqlite).await;
    assert_redirect(&bank.get("/", IPHONE).await, "/login");
    assert_redirect(&bank.get("/signup", IPHONE).await, "/onboarding/user");
    assert_redirect(&bank.get("/reset-password", IPHONE).await, "/login");
    for (path, h1) in [
        ("/login", "Log in"),
        ("/forgot", "Forgot password"),
        ("/reset-password?token=abc", "Choose a new password"),
        ("/accept-invite", "Accept your invitation"),
        ("/onboarding/user", "Account Registration"),
        ("/leads", "Talk to our business team"),
        ("/invitation/K/card", "Your company card"),
        ("/invite-onboarding/user", "Join your team"),
    ] {
        let reply = bank.get(path, IPHONE).await;
        assert_page(&reply, 200, h1);
        assert!(
            reply.body.contains("frame-mobile"),
            "{path} uses the mobile layout"
        );
        assert!(reply.body.contains("\"layout\":\"mobile\""));
    }
    // SPEC §2 lists neither on mobile.
    assert_page(
        &bank.get("/onboarding/business", IPHONE).await,
        404,
        "Page not found",
    );
    assert_page(
        &bank.get("/onboarding", IPHONE).await,
        404,
        "Page not found",
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn layout_follows_cookie_then_client_hint() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let request = |headers: &[(&str, &str)]| {
        let mut builder = axum::http::Request::get("/login");
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        builder.body(axum::body::Body::empty()).unwrap()
    };
    let forced = bank
        .send(request(&[
            ("user-agent", IPHONE),
            ("cookie", "layout=desktop"),
        ]))
        .await;
    assert!(forced.body.contains("frame-desktop"));
    let hinted = bank
        .send(request(&[
            ("user-agent", DESKTOP),
            ("sec-ch-ua-mobile", "?1"),
        ]))
        .await;
    assert!(hinted.body.contains("frame-mobile"));
    assert!(hinted.header("vary").contains("Sec-CH-UA-Mobile"));
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_paths_get_the_not_found_page_and_acs_its_own() {
    let bank = TestBank::start(Backend::Sqlite).await;
    for agent in [DESKTOP, IPHONE] {
        let missing = bank.get("/no/such/page", agent).await;
        assert_page(&missing, 404, "Page not found");
        let acs = bank.get("/acs/3ds/complete?x=1", agent).await;
        assert_page(&acs, 200, "Card verification finished");
        assert!(!acs.body.contains("<script"));
    }
    assert_eq!(
        bank.send(
            axum::http::Request::post("/forgot")
                .body(axum::body::Body::empty())
                .unwrap()
        )
        .await
        .status,
        405
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn policy_pages_are_complete_and_have_no_javascript() {
    let bank = TestBank::start(Backend::Sqlite).await;
    for agent in [DESKTOP, IPHONE] {
        for (path, title) in POLICIES {
            let reply = bank.get(path, agent).await;
            assert_page(&reply, 200, title);
            assert!(!reply.body.contains("<script"), "{path} has a script");
            assert!(
                !reply.body.contains("modulepreload"),
                "{path} preloads a script"
            );
            assert!(reply
                .body
                .contains(&format!("<title>{title} | Harbour</title>")));
            assert!(reply.body.contains("<meta name=\"description\""));
            assert!(reply.body.contains("rel=\"canonical\""));
            assert!(
                reply.body.contains("Harbour Payments Ltd"),
                "the legal name comes from config"
            );
            assert!(
                reply.body.matches("<h2>").count() >= 4,
                "{path} has its sections"
            );
            assert!(reply.body.len() > 3000, "{path} is a full text");
        }
    }
    let custom = TestBank::start_with(Backend::Sqlite, |c| {
        c.company.legal_name = "Example Money Ltd".into()
    })
    .await;
    assert!(custom
        .get("/privacy-policy", DESKTOP)
        .await
        .body
        .contains("Example Money Ltd is the controller"));
    custom.finish().await;
    bank.finish().await;
}

/// A GET with `If-None-Match`, as a browser revalidating its copy.
async fn revalidate(bank: &TestBank, path: &str, etag: &str, cookie: &str) -> Reply {
    let mut request = Request::get(path)
        .header("user-agent", DESKTOP)
        .header("if-none-match", etag);
    if !cookie.is_empty() {
        request = request.header("cookie", cookie);
    }
    bank.send(request.body(Body::empty()).unwrap()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_for_everyone_are_made_once_and_revalidated_by_their_etag() {
    let bank = TestBank::start(Backend::Sqlite).await;
    for path in [
        "/privacy-policy",
        "/complaint-policy",
        "/robots.txt",
        "/sitemap.xml",
    ] {
        let first = bank.get(path, DESKTOP).await;
        assert_eq!(first.status, 200, "{path}");
        let etag = first.header("etag").to_string();
        assert!(etag.starts_with('"') && etag.len() > 20, "{path}: {etag}");
        assert_eq!(first.header("cache-control"), "public, max-age=3600");
        // The same bytes for a phone, and for a signed-in customer: nothing of the visitor.
        let phone = bank.get(path, IPHONE).await;
        assert_eq!(phone.header("etag"), etag);
        assert_eq!(phone.body, first.body);
        let owner = customer(&bank, &format!("o{}@example.com", path.len()), "Olivia Ltd").await;
        let cookie = format!("__Host-access={}", owner.token);
        let signed_in = page_with_cookie(&bank, path, DESKTOP, &cookie).await;
        assert_eq!(signed_in.header("etag"), etag);
        // A revalidation answers 304 with no body; another tag gets the page.
        let fresh = revalidate(&bank, path, &etag, &cookie).await;
        assert_eq!(fresh.status, 304, "{path}");
        assert!(fresh.body.is_empty());
        assert_eq!(fresh.header("etag"), etag);
        let listed = revalidate(&bank, path, &format!("\"old\", {etag}"), "").await;
        assert_eq!(listed.status, 304);
        let stale = revalidate(&bank, path, "\"old\"", "").await;
        assert_eq!(stale.status, 200);
        assert_eq!(stale.body, first.body);
    }
    // Another configuration makes other bytes, so another tag.
    let policy = bank.get("/privacy-policy", DESKTOP).await;
    let custom = TestBank::start_with(Backend::Sqlite, |c| {
        c.company.legal_name = "Example Money Ltd".into()
    })
    .await;
    let other = custom.get("/privacy-policy", DESKTOP).await;
    assert_ne!(other.header("etag"), policy.header("etag"));
    assert_eq!(
        revalidate(&custom, "/privacy-policy", policy.header("etag"), "")
            .await
            .status,
        200
    );
    custom.finish().await;
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn robots_and_sitemap_list_the_public_pages() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let robots = bank.get("/robots.txt", DESKTOP).await;
    assert!(robots
        .body
        .contains("Sitemap: https://bank.test/sitemap.xml"));
    assert!(robots.body.contains("Disallow: /v1/"));
    let sitemap = bank.get("/sitemap.xml", DESKTOP).await;
    assert!(sitemap
        .header("content-type")
        .starts_with("application/xml"));
    for (path, _) in POLICIES {
        assert!(sitemap
            .body
            .contains(&format!("<loc>https://bank.test{path}</loc>")));
    }
    assert!(sitemap.body.contains("<loc>https://bank.test/</loc>"));
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn assets_are_hashed_immutable_and_precompressed() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let page = bank.get("/login", DESKTOP).await;
    let entry = page
        .body
        .split("\"/assets/entry-client-")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .map(|name| format!("/assets/entry-client-{name}"))
        .expect("the boot script names the entry");
    assert!(entry.starts_with("/assets/entry-client-"));
    let br = bank
        .send(
            axum::http::Request::get(&entry)
                .header("accept-encoding", "gzip, br")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(br.status, 200);
    assert_eq!(br.header("content-encoding"), "br");
    assert!(br.header("cache-control").contains("immutable"));
    assert!(br.header("content-type").starts_with("text/javascript"));
    let plain = bank.get(&entry, DESKTOP).await;
    assert!(plain.body.len() > 1000 && plain.header("content-encoding").is_empty());
    assert_eq!(bank.get("/assets/nope.js", DESKTOP).await.status, 404);
    for icon in ["/favicon.svg", "/favicon.ico"] {
        let reply = bank.get(icon, DESKTOP).await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.header("content-type"), "image/svg+xml");
    }
    assert!(page.body.contains("rel=\"icon\""));
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_state_cannot_break_out_of_its_script() {
    let bank = TestBank::start(Backend::Sqlite).await;
    // The query string reaches the page state through the router; hostile text stays inert.
    let reply = bank
        .get(
            "/login?next=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E%3C!--",
            DESKTOP,
        )
        .await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.body.matches("</script>").count(),
        2,
        "only the page's own scripts close"
    );
    assert!(
        !reply.body.contains("<!--<"),
        "no comment opener from the URL"
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_isolate_keeps_no_data_between_renders() {
    // With one isolate, every render runs on the same V8 heap in turn.
    let bank = TestBank::start(Backend::Sqlite).await;
    for _ in 0..3 {
        let with_countries = bank.get("/", DESKTOP).await;
        assert!(with_countries.body.contains("\"queryKey\":[\"countries\"]"));
        let login = bank.get("/login", DESKTOP).await;
        assert!(
            !login.body.contains("\"countries\""),
            "the previous render's data leaked into the next"
        );
        assert!(login.body.contains("\"queryKey\":[\"features\"]"));
    }
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_render_that_overruns_its_deadline_gets_the_error_page() {
    let bank = TestBank::start_with(Backend::Sqlite, |c| {
        c.render_deadline = std::time::Duration::from_millis(1)
    })
    .await;
    let reply = bank.get("/", DESKTOP).await;
    assert_eq!(reply.status, 500);
    assert!(reply.body.contains("Something went wrong"));
    assert!(reply.header("content-security-policy").contains("nonce-"));
    bank.finish().await;
}
