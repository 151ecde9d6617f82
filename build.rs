//! Bundles app/ with esbuild (through app/build.mjs), precompresses the client files, embeds
//! everything in the binary and makes the V8 startup snapshot of the server bundle.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let app = root.join("app");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    for watched in [
        "app/src",
        "app/build.mjs",
        "app/package.json",
        "app/package-lock.json",
        "assets",
        "build.rs",
    ] {
        println!("cargo:rerun-if-changed={watched}");
    }

    install_packages(&app);
    let dist = out.join("app");
    run(
        Command::new("node").arg(app.join("build.mjs")).arg(&dist),
        "bundling the app with esbuild",
    );

    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dist.join("manifest.json")).unwrap()).unwrap();
    let files: Vec<String> = manifest["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();

    let mut code = String::from("pub static ASSETS: &[Asset] = &[\n");
    for file in &files {
        let path = dist.join("client").join(file);
        let raw = std::fs::read(&path).unwrap();
        let br = path.with_extension(format!("{}.br", ext(&path)));
        let gz = path.with_extension(format!("{}.gz", ext(&path)));
        std::fs::write(&br, brotli_bytes(&raw)).unwrap();
        std::fs::write(&gz, gzip_bytes(&raw)).unwrap();
        writeln!(
            code,
            "    Asset {{ path: {:?}, mime: {:?}, raw: include_bytes!({:?}), br: include_bytes!({:?}), gz: include_bytes!({:?}) }},",
            format!("/assets/{file}"),
            mime(&path),
            path,
            br,
            gz
        )
        .unwrap();
    }
    code.push_str("];\n");
    writeln!(
        code,
        "pub static MANIFEST: &str = include_str!({:?});",
        dist.join("manifest.json")
    )
    .unwrap();
    writeln!(
        code,
        "pub static SERVER_BUNDLE: &str = include_str!({:?});",
        dist.join("server.js")
    )
    .unwrap();

    let bundle = std::fs::read_to_string(dist.join("server.js")).unwrap();
    let snapshot =
        ssr_runtime::create_snapshot(&bundle).unwrap_or_else(|e| panic!("V8 snapshot: {e}"));
    let snapshot_path = out.join("ssr.snap");
    std::fs::write(&snapshot_path, snapshot).unwrap();
    writeln!(
        code,
        "pub static SNAPSHOT: &[u8] = include_bytes!({snapshot_path:?});"
    )
    .unwrap();

    std::fs::write(out.join("embedded.rs"), code).unwrap();
}

/// `npm ci` when the packages are missing or older than the lockfile.
fn install_packages(app: &Path) {
    let installed = app.join("node_modules/.package-lock.json");
    let stale = match (
        std::fs::metadata(&installed),
        std::fs::metadata(app.join("package-lock.json")),
    ) {
        (Ok(have), Ok(want)) => have.modified().unwrap() < want.modified().unwrap(),
        _ => true,
    };
    if stale {
        run(
            Command::new("npm")
                .args(["ci", "--no-audit", "--no-fund"])
                .current_dir(app),
            "installing the app's npm packages (npm ci)",
        );
    }
}

fn run(command: &mut Command, what: &str) {
    let status = command
        .status()
        .unwrap_or_else(|e| panic!("{what}: could not start: {e}"));
    assert!(status.success(), "{what} failed with {status}");
}

fn ext(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_string()
}

fn mime(path: &Path) -> &'static str {
    match ext(path).as_str() {
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "woff2" => "font/woff2",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

fn brotli_bytes(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer.write_all(raw).unwrap();
    }
    out
}

fn gzip_bytes(raw: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(raw).unwrap();
    encoder.finish().unwrap()
}
