//! `nqueens serve` as a user runs it: the URL printed, bad flags refused,
//! a clean stop on a signal, and 200 clients at once.

use assert_cmd::cargo::cargo_bin;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The server on a free port, and its base URL.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(cargo_bin("nqueens"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let stdout = child.stdout.take().unwrap();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let url = line.split_whitespace().nth(2).unwrap().to_string();
        assert!(line.starts_with("listening on http://127.0.0.1:"), "{line}");
        Server { child, url }
    }

    /// Sends a signal and waits for the exit status.
    fn stop(mut self, signal: libc::c_int) -> (Option<i32>, Duration) {
        let sent = Instant::now();
        // SAFETY: kill(2) on the child's own pid, which we still hold.
        unsafe { libc::kill(self.child.id() as libc::pid_t, signal) };
        let status = self.child.wait().unwrap();
        (status.code(), sent.elapsed())
    }

    /// The most memory the server has held, in MiB.
    fn peak_mib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kib / 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The server gives open streams 2 s after a signal; this bound catches
/// one that does not stop, not a loaded machine's slower stop.
const STOPPED: Duration = Duration::from_secs(30);

#[test]
fn serves_the_page_and_stops_on_ctrl_c() {
    let server = Server::start();
    let page = reqwest::blocking_get(&server.url);
    assert!(page.contains("<html"), "{page}");
    let (code, took) = server.stop(libc::SIGINT);
    assert_eq!(code, Some(0));
    assert!(took < STOPPED, "{took:?}");
}

#[test]
fn stops_on_sigterm_even_with_a_count_running() {
    let server = Server::start();
    let url = format!("{}api/count?n=18", server.url);
    let count = std::thread::spawn(move || reqwest::blocking_get(&url));
    std::thread::sleep(Duration::from_millis(300));
    let (code, took) = server.stop(libc::SIGTERM);
    assert_eq!(code, Some(0));
    assert!(took < STOPPED, "{took:?}");
    let _ = count.join();
}

/// A tiny blocking GET on top of the async client.
mod reqwest {
    pub fn blocking_get(url: &str) -> String {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async {
            match ::reqwest::get(url).await {
                Ok(response) => response.text().await.unwrap_or_default(),
                Err(err) => err.to_string(),
            }
        })
    }
}

#[test]
fn bad_flags_are_usage_errors() {
    for (args, words) in [
        (
            &["serve", "--port", "70000"][..],
            "the port must be a whole number from 0 to 65535",
        ),
        (&["serve", "--port", "-1"][..], "the port must be"),
        (
            &["serve", "--host", "example.org"][..],
            "the host must be an IP address",
        ),
    ] {
        let output = Command::new(cargo_bin("nqueens"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(words), "{stderr}");
    }
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = Command::new(cargo_bin("nqueens"))
        .args(["serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{stderr}"
    );
}

/// What one client got: a status, or the error that ended it.
async fn one_client(url: String) -> Result<u16, String> {
    let response = ::reqwest::get(&url).await.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    response.bytes().await.map_err(|e| e.to_string())?;
    Ok(status)
}

#[test]
fn two_hundred_clients_at_once_are_answered_or_refused() {
    let server = Server::start();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let started = Instant::now();
    let statuses = runtime.block_on(async {
        let clients = (0..200).map(|i| {
            let path = match i % 4 {
                0 => format!("api/count?n={}", 6 + i % 7),
                1 => "api/trace?n=8&until=all".to_string(),
                _ => "api/trace?n=8".to_string(),
            };
            let url = format!("{}{path}", server.url);
            tokio::spawn(tokio::time::timeout(
                Duration::from_secs(60),
                one_client(url),
            ))
        });
        let mut statuses = Vec::new();
        for client in clients.collect::<Vec<_>>() {
            statuses.push(client.await.unwrap().expect("a client hung"));
        }
        statuses
    });
    let took = started.elapsed();
    for status in &statuses {
        assert!(
            matches!(status, Ok(200 | 429 | 503)),
            "{status:?} among {statuses:?}"
        );
    }
    let answered = statuses.iter().filter(|s| **s == Ok(200)).count();
    assert!(answered >= 100, "only {answered} of 200 answered");
    assert!(took < Duration::from_secs(60), "{took:?}");
    let peak = server.peak_mib();
    assert!(peak < 200, "the server peaked at {peak} MiB");
    eprintln!("200 clients: {answered} answered in {took:?}, peak {peak} MiB");
}
