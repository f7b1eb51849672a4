//! `nqueens serve` as a user runs it: the URL printed, bad flags refused,
//! a clean stop on a signal, 200 clients at once, and the limits it
//! serves with.

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

    /// Sends a signal and waits for the exit status; also what the server
    /// wrote on stderr.
    fn stop(mut self, signal: libc::c_int) -> (Option<i32>, Duration, String) {
        use std::io::Read;
        let sent = Instant::now();
        // SAFETY: kill(2) on the child's own pid, which we still hold.
        unsafe { libc::kill(self.child.id() as libc::pid_t, signal) };
        let status = self.child.wait().unwrap();
        let took = sent.elapsed();
        let mut stderr = String::new();
        let _ = self
            .child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr);
        (status.code(), took, stderr)
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
    let (code, took, _) = server.stop(libc::SIGINT);
    assert_eq!(code, Some(0));
    assert!(took < STOPPED, "{took:?}");
}

#[test]
fn stops_on_sigterm_even_with_a_count_running() {
    let server = Server::start();
    let url = format!("{}api/count?n=18", server.url);
    let count = std::thread::spawn(move || reqwest::blocking_get(&url));
    std::thread::sleep(Duration::from_millis(300));
    let (code, took, _) = server.stop(libc::SIGTERM);
    assert_eq!(code, Some(0));
    assert!(took < STOPPED, "{took:?}");
    let _ = count.join();
}

#[test]
fn a_count_whose_client_leaves_stops_quietly() {
    let server = Server::start();
    let url = format!("{}api/count?n=18", server.url);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let mut count = ::reqwest::get(&url).await.unwrap();
        let first = count.chunk().await.unwrap().unwrap();
        assert!(String::from_utf8_lossy(&first).contains("progress"));
    });
    let left = Instant::now();
    while limits(&server.url)["work_slots_in_use"] != 0 {
        assert!(left.elapsed() < STOPPED, "the count ran on");
        std::thread::sleep(Duration::from_millis(50));
    }
    let (code, _, stderr) = server.stop(libc::SIGINT);
    assert_eq!(code, Some(0));
    assert_eq!(stderr, "nqueens: stopping\n");
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

/// What one client got, asking from `from`: a status, or the error that
/// ended it.
async fn one_client(url: String, from: std::net::IpAddr) -> Result<u16, String> {
    let client = ::reqwest::Client::builder().local_address(from).build();
    let client = client.map_err(|e| e.to_string())?;
    let response = client.get(&url).send().await.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    response.bytes().await.map_err(|e| e.to_string())?;
    Ok(status)
}

/// Two hundred clients from ten addresses (Linux routes all of 127/8 to
/// the loopback interface), twenty from each: the server shares its
/// slots among clients by address, so they come from several, as visitors
/// do.
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
            let from = std::net::Ipv4Addr::new(127, 0, 0, 1 + (i % 10) as u8).into();
            tokio::spawn(tokio::time::timeout(
                Duration::from_secs(60),
                one_client(url, from),
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

/// A connection to the server that has sent `request`.
fn sent(url: &str, request: &str) -> std::net::TcpStream {
    use std::io::Write;
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    socket.write_all(request.as_bytes()).unwrap();
    socket
}

/// Everything read off `socket` until the server closes it.
fn read_to_close(mut socket: std::net::TcpStream) -> String {
    use std::io::Read;
    socket
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = Vec::new();
    // A reset after the answer is a close too.
    let _ = socket.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).to_string()
}

/// The answer's status line and body, read from a fresh connection.
fn answered(url: &str, target: &str) -> String {
    let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    read_to_close(sent(url, &request))
}

/// `/api/limits`, parsed.
fn limits(url: &str) -> serde_json::Value {
    let answer = answered(url, "/api/limits");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
    serde_json::from_str(body).unwrap()
}

/// A smoke test: `nqueens serve` runs the server with its default
/// limits, and they apply. What each limit does to slow and stalled
/// clients, and to floods, is the server's own tests' (crates/server/tests:
/// slow_clients.rs on tokio's paused clock, floods.rs).
#[test]
fn serve_runs_the_server_with_its_default_limits() {
    let server = Server::start();
    let served = limits(&server.url);
    let defaults = serde_json::to_value(nqueens_server::Limits::default()).unwrap();
    assert_eq!(served["limits"], defaults);
    // A body declared over the limit is refused at once, not waited for.
    let head = "POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                Content-Length: 10000000\r\n\r\n";
    let answer = read_to_close(sent(&server.url, head));
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    let words = "this server takes bodies up to 65536 bytes";
    assert!(answer.contains(words), "{answer}");
}
