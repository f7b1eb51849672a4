//! One count, as every front end asks for it: the command line, the web
//! server and the Python module fill a [`CountJob`] and prepare it. Every
//! rule of a count is kept here, so that each surface gives the same
//! answer and the same refusal: which combinations can be asked for
//! (conflict.rs, from the methods' capabilities), the method (by the one
//! rule, [`Method::resolve`], within the memory it may take: memory.rs),
//! and the device it runs on (device.rs). A [`PreparedCount`] runs it and
//! reports it (prepared.rs).

mod conflict;
mod device;
mod machine;
mod memory;
mod prepared;
mod size;

pub use conflict::Conflict;
pub use device::{DeviceChoice, DeviceError, JobDevice, Opener, UnknownDevice};
pub use machine::{machine_bytes, peak_bytes};
pub use memory::{advised_mib, MemoryLimit, MemoryRefusal, Spelling};
pub use prepared::{CountOutcome, CountSummary, PreparedCount, StatsOutcome};
pub use size::parse_memory;

use crate::count::{Driver, Kernel, Method, Plan, Shard};
use crate::count::{KernelError, ThreadsError};
use crate::BoardSize;
use crate::PlanError;

/// What a user asks of a count.
#[derive(Clone)]
pub struct CountJob {
    /// The board.
    pub size: BoardSize,
    /// The method, or none for the fastest where the count runs.
    pub method: Option<Method>,
    /// Threads, or none for the current pool (one per core by default).
    pub threads: Option<usize>,
    /// The kernel, or none for the best this CPU runs.
    pub kernel: Option<Kernel>,
    /// Where its units run: the CPU unless asked otherwise.
    pub device: JobDevice,
    /// Statistics of every node visited, on the scalar kernel.
    pub stats: bool,
    /// Only this shard's units.
    pub shard: Option<Shard>,
    /// Its finished units are kept (in a checkpoint) for a later run to
    /// go on from: a lost device then stops the run rather than handing
    /// the rest to the CPU.
    pub checkpointed: bool,
    /// The most memory the count may take; by default half this
    /// machine's ([`MemoryLimit::half_machine`]).
    pub max_memory: Option<MemoryLimit>,
}

impl CountJob {
    /// A count of `size` with every choice left to the engine, within the
    /// default memory limit.
    pub fn new(size: BoardSize) -> CountJob {
        CountJob {
            size,
            method: None,
            threads: None,
            kernel: None,
            device: JobDevice::default(),
            stats: false,
            shard: None,
            checkpointed: false,
            max_memory: MemoryLimit::half_machine(),
        }
    }

    /// Refuses what cannot be counted together, resolves the method and
    /// checks the memory before the plan (which takes seconds for the
    /// join's largest boards), opens the device where one is wanted, then
    /// makes the plan.
    pub fn prepare(mut self) -> Result<PreparedCount, CountError> {
        Conflict::check(&self)?;
        self.max_memory = self.max_memory.map(MemoryLimit::now);
        let opened = self.open_device()?;
        // A device's driver, once loaded, is the process's own memory.
        self.max_memory = self.max_memory.map(MemoryLimit::now);
        let mut driver = self.driver()?;
        let method = self.fitting(&driver, self.searching())?;
        if let Some(device) = opened.filter(|_| method.runs_on_devices()) {
            driver = driver.device(device, self.on_loss());
            if let Some(tell) = self.device.tell.clone() {
                driver = driver.on_device_lost(tell);
            }
        }
        let plan = Plan::new(self.size, method)?;
        let ids = match self.shard {
            Some(shard) => plan.shard(shard),
            None => (0..plan.units().len()).collect(),
        };
        Ok(PreparedCount::new(self, plan, driver, ids))
    }

    /// The method the count would run by on the CPU, as [`prepare`]
    /// resolves it.
    ///
    /// [`prepare`]: CountJob::prepare
    pub fn method_on_cpu(&self) -> Result<Method, CountError> {
        Conflict::check(self)?;
        let job = CountJob {
            max_memory: self.max_memory.clone().map(MemoryLimit::now),
            ..self.clone()
        };
        job.fitting(&job.driver()?, job.searching())
    }

    /// Whether the count needs a search tree: it reports the statistics
    /// of every node, or a GPU runs it.
    fn searching(&self) -> bool {
        self.stats || self.device.choice == DeviceChoice::Gpu
    }

    /// The driver: its kernel, threads and the memory left to the count.
    fn driver(&self) -> Result<Driver, CountError> {
        let mut driver = Driver::new();
        if let Some(kernel) = self.kernel {
            driver = driver.kernel(kernel)?;
        }
        if let Some(threads) = self.threads {
            driver = driver.threads(threads)?;
        }
        if let Some(limit) = &self.max_memory {
            driver = driver.max_memory(limit.bytes.saturating_sub(limit.held));
        }
        Ok(driver)
    }
}

/// Why a count cannot start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CountError {
    /// The method does not count boards that large.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The kernel asked for is not on this CPU.
    #[error(transparent)]
    Kernel(#[from] KernelError),
    /// The threads could not be started.
    #[error(transparent)]
    Threads(#[from] ThreadsError),
    /// The count would take more memory than it may.
    #[error(transparent)]
    Memory(#[from] MemoryRefusal),
    /// What was asked cannot be counted together.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The GPU asked for did not open.
    #[error(transparent)]
    Device(#[from] DeviceError),
}
