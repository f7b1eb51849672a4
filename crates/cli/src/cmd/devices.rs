//! `nqueens devices`: the GPUs wgpu finds, and which one a count uses.

use crate::args::DevicesArgs;
use nqueens_gpu::{adapters, AdapterSummary, AUTO_FROM_N};
use nqueens_report::schema::{AdapterReport, DevicesReport};
use std::io::{self, Write};

pub fn run(request: &DevicesArgs, out: &mut dyn Write) -> io::Result<()> {
    let found = adapters();
    // Adapters come best first, so each choice is the first it allows.
    let report = DevicesReport {
        gpu: (!found.is_empty()).then_some(0),
        auto: found.iter().position(|adapter| !adapter.is_cpu()),
        auto_from_n: AUTO_FROM_N,
        adapters: found.into_iter().map(report).collect(),
    };
    if request.json {
        return out.write_all(nqueens_report::stamp::to_json_line(&report)?.as_bytes());
    }
    if report.adapters.is_empty() {
        return writeln!(
            out,
            "no GPU found (wgpu looked for Vulkan, Metal and DX12 devices): counts run on the CPU"
        );
    }
    for (index, adapter) in report.adapters.iter().enumerate() {
        let marks = [(report.gpu, "--device gpu"), (report.auto, "--device auto")];
        let used: Vec<&str> = (marks.iter())
            .filter(|(chosen, _)| *chosen == Some(index))
            .map(|(_, flag)| *flag)
            .collect();
        let used = match used.is_empty() {
            true => String::new(),
            false => format!("  [{}]", used.join(", ")),
        };
        writeln!(
            out,
            "{}: {} ({}, {}) — {}{used}",
            index, adapter.name, adapter.backend, adapter.kind, adapter.driver
        )?;
    }
    match report.auto {
        Some(_) => writeln!(out, "--device auto (the default) counts on the GPU from n = {AUTO_FROM_N}"),
        None => writeln!(out, "--device auto (the default) counts on the CPU: a software rasterizer is slower than the CPU's own kernel"),
    }
}

fn report(adapter: AdapterSummary) -> AdapterReport {
    AdapterReport {
        name: adapter.name,
        backend: adapter.backend,
        kind: adapter.kind,
        driver: adapter.driver,
    }
}
