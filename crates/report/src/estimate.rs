//! `estimate`'s report, made from a prepared count and its timed sample
//! alike by the command line and Python.

use crate::runs::EstimateReport;
use nqueens::count::{NoMargin, Projection, StartedCount};
use nqueens::PlanError;

/// A prepared count's timed sample: the projection, how long the plan
/// took to make and the pieces to time, and the seed that chose them.
pub struct Sampled {
    /// What the pieces project.
    pub projection: Projection,
    /// Seconds making the plan took.
    pub prepare_seconds: f64,
    /// Seconds timing the pieces took.
    pub sample_seconds: f64,
    /// The seed that chose the pieces.
    pub seed: u64,
}

impl EstimateReport {
    /// The report of `prepared`'s `sampled` pieces; `no_margin` says, in
    /// the words of the surface that asked (its flag or its keyword), why
    /// there is no error bar and what would give one.
    pub fn of(
        prepared: &StartedCount,
        sampled: Sampled,
        no_margin: impl Fn(NoMargin, u64) -> String,
    ) -> Result<EstimateReport, PlanError> {
        let (plan, driver) = (prepared.plan(), prepared.driver());
        let Sampled { projection, .. } = sampled;
        let threads = driver.thread_count();
        Ok(EstimateReport {
            n: plan.size().get(),
            method: plan.method().name().into(),
            units: plan.units().len(),
            one_core_seconds: projection.seconds,
            margin_seconds: projection.margin.ok(),
            no_margin: (projection.margin.err()).map(|why| no_margin(why, projection.pieces)),
            speed_spread: projection.speed_spread,
            core_hours: projection.seconds / 3600.0,
            seconds_on_threads: projection.seconds / threads as f64,
            threads,
            memory_bytes: driver.memory_bytes(plan.size(), plan.method())?,
            least_memory_bytes: driver.least_memory_bytes(plan.size(), plan.method())?,
            pieces: projection.pieces,
            piece_rows: projection.piece_rows,
            prepare_seconds: sampled.prepare_seconds,
            sample_seconds: sampled.sample_seconds,
            peak_bytes: nqueens::count::peak_bytes(),
            seed: sampled.seed,
        })
    }
}
