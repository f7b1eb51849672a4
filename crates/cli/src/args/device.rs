//! `count --device`: what a count on a GPU can and cannot go with.

use super::error::usage_error;
use super::{CountArgs, DeviceChoice, MethodChoice};
use clap::error::ErrorKind;
use nqueens::count::Method;
use nqueens::Algorithm;

/// The device asked for, refused where it cannot apply; `auto` becomes
/// `cpu` where no GPU could run the count.
pub fn count_device(a: &CountArgs) -> Result<DeviceChoice, clap::Error> {
    let why = if a.algorithm != Algorithm::Bitmask {
        format!(
            "--device applies to the bitmask algorithm's counts: {} counts by enumerating",
            a.algorithm
        )
    } else if a.stats {
        "--stats counts on the CPU's scalar kernel: it cannot go with --device gpu".into()
    } else if a.method == MethodChoice::Named(Method::Join) {
        "the GPU runs the searching methods (backtrack, plain), not join: use --method backtrack"
            .into()
    } else {
        return Ok(a.device);
    };
    match a.device {
        DeviceChoice::Gpu => Err(usage_error("count", ErrorKind::ArgumentConflict, why)),
        DeviceChoice::Auto | DeviceChoice::Cpu => Ok(DeviceChoice::Cpu),
    }
}
