//! Runs a command in a memory cgroup of its own, so that a test can see
//! whether it fits a memory limit: the kernel kills it when it does not.
//! cgroup v1's memory controller (/sys/fs/cgroup/memory) or v2's where it
//! has the memory controller (/sys/fs/cgroup/unified, or /sys/fs/cgroup
//! itself); both need root. Where neither can be made, the test says so
//! and skips the run, except under CI (`NQUEENS_CI=1`, set by .ci/run),
//! where that is a failure.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A memory cgroup made for one run, removed when dropped.
pub struct Cgroup {
    dir: PathBuf,
    v2: bool,
}

/// What a run in a cgroup did.
pub struct Confined {
    pub output: Output,
    /// Times the kernel's OOM killer killed a process of the cgroup.
    pub oom_kills: u64,
}

impl Cgroup {
    /// A cgroup whose processes may hold `bytes` of memory (swap
    /// included), or why none can be made here.
    pub fn new(bytes: u64) -> Result<Cgroup, String> {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "nqueens-test-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        let v1 = Path::new("/sys/fs/cgroup/memory");
        if v1.join("memory.limit_in_bytes").exists() {
            return Cgroup::made(v1.join(name), false, bytes);
        }
        for v2 in ["/sys/fs/cgroup/unified", "/sys/fs/cgroup"].map(Path::new) {
            let controllers = fs::read_to_string(v2.join("cgroup.controllers"));
            if controllers.is_ok_and(|c| c.split_whitespace().any(|c| c == "memory")) {
                // Children get the memory controller only if asked for.
                let _ = fs::write(v2.join("cgroup.subtree_control"), "+memory");
                return Cgroup::made(v2.join(name), true, bytes);
            }
        }
        Err("no memory cgroup controller is mounted (cgroup v1 or v2)".into())
    }

    fn made(dir: PathBuf, v2: bool, bytes: u64) -> Result<Cgroup, String> {
        fs::create_dir(&dir).map_err(|err| format!("cannot make {}: {err}", dir.display()))?;
        let cgroup = Cgroup { dir, v2 };
        let limits: &[(&str, String)] = match v2 {
            true => &[
                ("memory.max", bytes.to_string()),
                ("memory.swap.max", "0".into()),
            ],
            false => &[
                ("memory.limit_in_bytes", bytes.to_string()),
                ("memory.memsw.limit_in_bytes", bytes.to_string()),
            ],
        };
        for (file, value) in limits {
            let path = cgroup.dir.join(file);
            // Without swap accounting there is no memsw (nor swap.max) file.
            if path.exists() || !file.contains("sw") {
                fs::write(&path, value)
                    .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
            }
        }
        Ok(cgroup)
    }

    /// Runs `program` with `args` in the cgroup (a shell moves itself in,
    /// then becomes the program), and waits for it.
    pub fn run(&self, program: &Path, args: &[&str]) -> Confined {
        let procs = self.dir.join("cgroup.procs");
        let output = Command::new("sh")
            .args(["-c", "echo $$ > \"$0\" && exec \"$@\""])
            .arg(&procs)
            .arg(program)
            .args(args)
            .output()
            .expect("sh runs");
        let events = match self.v2 {
            true => "memory.events",
            false => "memory.oom_control",
        };
        let events = fs::read_to_string(self.dir.join(events)).unwrap_or_default();
        let oom_kills = (events.lines())
            .find_map(|line| line.strip_prefix("oom_kill "))
            .map_or(0, |kills| kills.trim().parse().unwrap());
        Confined { output, oom_kills }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        let _ = fs::remove_dir(&self.dir);
    }
}

/// A cgroup of `bytes`, or `None` after saying why there is none; under
/// CI (`NQUEENS_CI` set) there must be one.
pub fn or_skip(bytes: u64) -> Option<Cgroup> {
    match Cgroup::new(bytes) {
        Ok(cgroup) => Some(cgroup),
        Err(why) if std::env::var_os("NQUEENS_CI").is_some() => {
            panic!("CI runs the memory limits' tests in a cgroup, but {why}")
        }
        Err(why) => {
            eprintln!("skipped: the run in a memory cgroup ({why}; run as root)");
            None
        }
    }
}
