//! What a user at a terminal sees: a command that reads boards from a
//! terminal says so before it waits, and is quiet about it when its input
//! is a pipe or a file.

use assert_cmd::cargo::cargo_bin;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

/// A pseudo-terminal: the side a user types into, and the side a program
/// reads from as its terminal.
fn pty() -> (File, OwnedFd) {
    let (mut typed, mut read) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the two integers it
    // is given and reads nothing else (null name, settings and size); each
    // descriptor is owned once, just below, and only when the call succeeded.
    let status = unsafe {
        libc::openpty(
            &mut typed,
            &mut read,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened by openpty and are owned by
    // nothing else.
    unsafe { (File::from_raw_fd(typed), OwnedFd::from_raw_fd(read)) }
}

/// Runs `nqueens ARGS` with a terminal as its standard input, types
/// `typed` and Ctrl-D, and returns (status, stdout, stderr).
fn at_a_terminal(args: &[&str], typed: &str) -> (i32, String, String) {
    let (mut keyboard, terminal) = pty();
    let child = Command::new(cargo_bin("nqueens"))
        .args(args)
        .stdin(Stdio::from(terminal))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Ctrl-D on a line of its own ends the input, once, as a user would.
    write!(keyboard, "{typed}\x04").unwrap();
    // A hang guard only: a second Ctrl-D was once needed, and the command
    // waited for it for ever.
    let pid = child.id() as libc::pid_t;
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        let hung = finished
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err();
        if hung {
            // SAFETY: kill sends a signal and touches no memory. The child
            // is reaped only just before `done` is sent, so after 60 s
            // without it the pid is still the child's.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        hung
    });
    let output = child.wait_with_output().unwrap();
    let _ = done.send(());
    assert!(
        !guard.join().unwrap(),
        "one Ctrl-D did not end the input: killed after 60 s"
    );
    drop(keyboard);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    let status = output.status.code().unwrap_or(-1);
    (status, text(output.stdout), text(output.stderr))
}

#[test]
fn verify_at_a_terminal_says_it_is_waiting_for_boards() {
    let (status, stdout, stderr) = at_a_terminal(&["verify"], ".Q..\n...Q\nQ...\n..Q.\n");
    assert_eq!(
        stderr,
        "nqueens: reading boards from standard input, until Ctrl-D (or give a file)\n"
    );
    assert_eq!(status, 0, "{stdout}{stderr}");
    assert!(stdout.contains("valid"), "{stdout}");
}

#[test]
fn complete_at_a_terminal_says_it_is_waiting_for_a_board() {
    let (status, stdout, stderr) = at_a_terminal(&["complete", "-"], "Q...\n....\n....\n....\n");
    assert!(
        stderr.starts_with("nqueens: reading the partial board from standard input, until Ctrl-D"),
        "{stderr}"
    );
    // (0, 0) on n = 4 is the tutorials' dead end: no completion.
    assert_ne!(status, 0, "{stdout}{stderr}");
}

#[test]
fn a_pipe_is_read_without_a_word() {
    let mut child = Command::new(cargo_bin("nqueens"))
        .arg("verify")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b".Q..\n...Q\nQ...\n..Q.\n").unwrap();
    drop(stdin);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(stderr, "");
}
