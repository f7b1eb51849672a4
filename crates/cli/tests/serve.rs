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

/// A connection that has sent `request` and will read nothing.
fn sent(url: &str, request: &str) -> std::net::TcpStream {
    use std::io::Write;
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    socket.write_all(request.as_bytes()).unwrap();
    socket
}

/// The answer's status line and body, read from a fresh connection.
fn answered(url: &str, target: &str) -> String {
    use std::io::Read;
    let request = format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    let mut socket = sent(url, &request);
    socket
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn stalled_and_half_open_clients_leave_the_server_answering() {
    let server = Server::start();
    let url = &server.url;
    let mut held = Vec::new();
    for i in 0..64 {
        let target = ["/api/solve?n=24&limit=100000", "/api/trace?n=12&until=all"][i % 2];
        held.push(sent(
            url,
            &format!("GET {target} HTTP/1.1\r\nHost: x\r\n\r\n"),
        ));
        held.push(sent(
            url,
            match i % 3 {
                0 => "GET /api/limits HTTP/1.1\r\nHost: x\r\n",
                1 => "POST /api/verify HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{",
                _ => "",
            },
        ));
    }
    let asked = Instant::now();
    let limits = answered(url, "/api/limits");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(limits.starts_with("HTTP/1.1 200"), "{limits}");
    // The stalled streams hold every stream slot (8 per core) until their
    // deadline: a new one is answered after the 2 s wait for a slot, with
    // the busy answer unless a slot came free.
    let asked = Instant::now();
    let busy = answered(url, "/api/solve?n=8&limit=1");
    assert!(
        asked.elapsed() < Duration::from_secs(4),
        "{:?}",
        asked.elapsed()
    );
    assert!(
        busy.starts_with("HTTP/1.1 200") || busy.contains("stream slots stayed busy"),
        "{busy}"
    );
    // Every stream slot comes back by the deadline (10 s by default).
    let freed = Instant::now();
    while !answered(url, "/api/limits").contains(r#""stream_slots_in_use":0"#) {
        assert!(
            freed.elapsed() < Duration::from_secs(40),
            "stream slots still held"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let asked = Instant::now();
    let solved = answered(url, "/api/solve?n=8&limit=1");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(solved.starts_with("HTTP/1.1 200"), "{solved}");
    assert!(
        solved.contains(r#""columns":[0,4,7,5,2,6,1,3]"#),
        "{solved}"
    );
}
