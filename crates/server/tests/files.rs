//! The embedded page, and paths that try to leave it.

mod common;

use common::{get, start};
use nqueens::count::Method;
use nqueens::{Algorithm, CodeStyle, Named};
use nqueens_server::Limits;
use std::collections::BTreeSet;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test]
async fn the_page_is_served_with_its_type() {
    let url = start(Limits::default()).await;
    let response = reqwest::get(&url).await.unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let headers = response.headers();
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(headers["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("default-src 'self'"));
    assert!(response.text().await.unwrap().contains("<html"));
}

/// Sends `target` as it is, unnormalised, and returns the raw answer.
async fn raw_get(url: &str, target: &str) -> String {
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

#[tokio::test]
async fn paths_cannot_leave_the_embedded_files() {
    let url = start(Limits::default()).await;
    for target in [
        "/../Cargo.toml",
        "/../../Cargo.toml",
        "/%2e%2e/%2e%2e/Cargo.toml",
        "/..%2f..%2fCargo.toml",
        "/js/../../../Cargo.toml",
        "/..\\..\\Cargo.toml",
        "//etc/passwd",
        "/etc/passwd",
    ] {
        let answer = raw_get(&url, target).await;
        let status = answer.split(' ').nth(1).unwrap_or_default();
        assert!(matches!(status, "400" | "404"), "{target}: {answer}");
        assert!(!answer.contains("[workspace]") && !answer.contains("root:"));
    }
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_json() {
    let url = start(Limits::default()).await;
    let (status, body) = get(&url, "api/solutions").await;
    assert_eq!(status, 404);
    assert!(body.contains("no such endpoint"), "{body}");
    let (status, body) = get(&url, "api/verify").await;
    assert_eq!(status, 405);
    assert!(body.contains("take POST"), "{body}");
    let (status, body) = get(&url, "nothing-here.html").await;
    assert_eq!(status, 404);
    assert!(body.contains("no such page"), "{body}");
}

#[tokio::test]
async fn the_page_takes_get_and_head_only() {
    let url = start(Limits::default()).await;
    let client = reqwest::Client::new();
    let head = client.head(&url).send().await.unwrap();
    assert_eq!(head.status().as_u16(), 200);
    assert_eq!(head.text().await.unwrap(), "");
    for method in [
        reqwest::Method::POST,
        reqwest::Method::PUT,
        reqwest::Method::DELETE,
    ] {
        let path = format!("{url}style.css");
        let answer = client.request(method.clone(), path).send().await.unwrap();
        assert_eq!(answer.status().as_u16(), 405, "{method}");
        assert_eq!(answer.headers()["allow"], "GET, HEAD");
        let body: serde_json::Value = answer.json().await.unwrap();
        let message = body["error"].as_str().unwrap();
        assert!(message.contains("take GET and HEAD"), "{message}");
    }
}

/// A file of the page, as it is embedded.
fn page_file(path: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// The values of the options of `<select id="ID">` in the page.
fn menu(html: &str, id: &str) -> BTreeSet<String> {
    let start = html.find(&format!("<select id=\"{id}\">")).unwrap();
    let end = start + html[start..].find("</select>").unwrap();
    (html[start..end].split("<option value=\"").skip(1))
        .map(|option| option.split('"').next().unwrap().to_string())
        .collect()
}

/// The names written between `start` and the next `]` (a JS list).
fn js_list(text: &str, start: &str) -> Vec<String> {
    let from = text.find(start).unwrap() + start.len();
    let list = &text[from..from + text[from..].find(']').unwrap()];
    list.split(',')
        .map(|name| name.trim().trim_matches('\'').to_string())
        .collect()
}

/// Every name the page writes itself is one of the engine's: its menus
/// of algorithms and of the code's names hold exactly the registries'
/// (in the page's own teaching order), the link's code styles are
/// theirs in order, and each method the count panel asks for is one.
#[test]
fn the_pages_names_are_the_engines_own() {
    let html = page_file("index.html");
    let names = |list: Vec<&str>| list.into_iter().map(String::from).collect::<BTreeSet<_>>();
    assert_eq!(menu(&html, "algorithm"), names(Algorithm::names()));
    assert_eq!(menu(&html, "code-style"), names(CodeStyle::names()));
    let link = page_file("js/link.js");
    assert_eq!(
        js_list(&link, "export const CODE_STYLES = ["),
        CodeStyle::names()
    );
    let count = page_file("js/count.js");
    let asked: Vec<&str> = count
        .split("method: '")
        .skip(1)
        .map(|rest| rest.split('\'').next().unwrap())
        .collect();
    assert!(!asked.is_empty());
    for method in asked {
        assert!(
            Method::names().contains(&method),
            "count.js asks for {method}"
        );
    }
}
