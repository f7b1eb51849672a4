//! `count --device`: where the bitmask count runs. What a GPU can go
//! with is the count job's to say; here only that the enumerating
//! algorithms run on no device.

use super::error::usage_error;
use super::{CountArgs, DeviceChoice};
use clap::error::ErrorKind;
use nqueens::Algorithm;

/// The device asked for; `--device gpu` refused for the enumerating
/// algorithms, which `auto` leaves on the CPU.
pub fn count_device(a: &CountArgs) -> Result<DeviceChoice, clap::Error> {
    if a.algorithm == Algorithm::Bitmask {
        return Ok(a.device);
    }
    match a.device {
        DeviceChoice::Gpu => Err(usage_error(
            "count",
            ErrorKind::ArgumentConflict,
            format!(
                "--device applies to the bitmask algorithm's counts: {} counts by enumerating",
                a.algorithm
            ),
        )),
        _ => Ok(DeviceChoice::Cpu),
    }
}
