//! What an estimate times by: the CPU time of the thread that does the
//! work, not the wall clock. On a machine shared with other work a piece
//! takes longer by the wall (its thread waits for a core) but not on its
//! CPU, so a projection from CPU time is what the count will take of its
//! cores, whatever the load was while it was sampled (the wall-clock time
//! it then takes is the machine's, as every other run's).

use std::time::{Duration, Instant};

/// A stopwatch on this thread's CPU time, or the wall's where the system
/// does not tell a thread's own time.
pub struct CpuStopwatch {
    started: Started,
}

enum Started {
    Cpu(cpu_time::ThreadTime),
    Wall(Instant),
}

impl CpuStopwatch {
    /// Started now.
    pub fn start() -> CpuStopwatch {
        let started = match cpu_time::ThreadTime::try_now() {
            Ok(now) => Started::Cpu(now),
            Err(_) => Started::Wall(Instant::now()),
        };
        CpuStopwatch { started }
    }

    /// The time since it started.
    pub fn elapsed(&self) -> Duration {
        match &self.started {
            Started::Cpu(started) => started.try_elapsed().unwrap_or_default(),
            Started::Wall(started) => started.elapsed(),
        }
    }

    /// The seconds since it started.
    pub fn seconds(&self) -> f64 {
        self.elapsed().as_secs_f64()
    }
}

#[cfg(test)]
mod tests {
    use super::CpuStopwatch;
    use std::time::Duration;

    /// Asleep, a thread uses no CPU; busy, it does.
    #[test]
    fn it_counts_work_not_waiting() {
        let watch = CpuStopwatch::start();
        std::thread::sleep(Duration::from_millis(50));
        let asleep = watch.elapsed();
        let mut sum = 0u64;
        while watch.elapsed() < asleep + Duration::from_millis(20) {
            sum = std::hint::black_box(sum.wrapping_add(1));
        }
        assert!(
            asleep < Duration::from_millis(25),
            "{asleep:?} of CPU for 50 ms asleep"
        );
    }
}
