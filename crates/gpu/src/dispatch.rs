//! The kernel on one wgpu device: a batch uploaded, run and read back,
//! with every way the device can fail turned into an error value (wgpu's
//! default is to panic on an error nobody captured).

use crate::batch::Batch;
use crate::GpuError;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Invocations per workgroup, as the shader declares.
const WORKGROUP: u32 = 64;

/// Longer than any batch should take (they are sized to about a quarter
/// of a second): a device this slow to answer is taken as lost.
const BATCH_TIMEOUT: Duration = Duration::from_secs(300);

/// What went wrong with the device, as its driver said it.
type Trouble = Arc<Mutex<Option<String>>>;

/// The counting pipeline on a device.
#[derive(Debug)]
pub(crate) struct Pipeline {
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::ComputePipeline,
    trouble: Trouble,
    /// The most starts one batch may hold.
    pub max_starts: usize,
}

/// A batch running on the device.
pub(crate) struct InFlight {
    readback: Option<wgpu::Buffer>,
    index: Option<wgpu::SubmissionIndex>,
    mapped: Arc<Mutex<Option<Result<(), wgpu::BufferAsyncError>>>>,
    started: Instant,
}

impl Pipeline {
    /// The device of `adapter`, the shader compiled.
    pub fn new(adapter: &wgpu::Adapter) -> Result<Pipeline, GpuError> {
        let name = adapter.get_info().name;
        let fail = |reason: String| GpuError::Open {
            adapter: name.clone(),
            reason,
        };
        let limits = adapter.limits();
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("nqueens"),
            required_limits: limits.clone(),
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&descriptor))
            .map_err(|err| fail(err.to_string()))?;
        let trouble: Trouble = Arc::default();
        let told = Arc::clone(&trouble);
        device.on_uncaptured_error(Arc::new(move |err| record(&told, err.to_string())));
        let told = Arc::clone(&trouble);
        device.set_device_lost_callback(move |reason, message| {
            // The loss itself says more than the errors it causes.
            let why = match (reason, one_line(&message)) {
                (wgpu::DeviceLostReason::Destroyed, _) => "the device was destroyed".to_string(),
                (_, message) if message.is_empty() => "the driver reset it".to_string(),
                (_, message) => message,
            };
            *told.lock().unwrap_or_else(|err| err.into_inner()) = Some(why);
        });
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let shader = device.create_shader_module(wgpu::include_wgsl!("count.wgsl"));
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("count"),
            layout: None,
            module: &shader,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        if let Some(err) = pollster::block_on(scope.pop()) {
            return Err(fail(err.to_string()));
        }
        // Each start takes 16 bytes in and 16 out.
        let binding = (limits.max_storage_buffer_binding_size).min(limits.max_buffer_size);
        let max_starts = (binding / 16).min(1 << 24) as usize;
        Ok(Pipeline {
            device,
            queue,
            pipeline,
            trouble,
            max_starts,
        })
    }

    /// Makes the device lost, as a reset would (for tests of what a run
    /// does then).
    pub fn lose(&self) {
        self.device.destroy();
    }

    /// Uploads `batch` and starts it.
    pub fn submit(&self, batch: &Batch) -> InFlight {
        let started = Instant::now();
        let mapped = Arc::new(Mutex::new(None));
        if batch.starts.is_empty() {
            return InFlight {
                readback: None,
                index: None,
                mapped,
                started,
            };
        }
        let count = batch.starts.len() as u32;
        let groups = count.div_ceil(WORKGROUP);
        let across = groups.min(self.device.limits().max_compute_workgroups_per_dimension);
        let params = [count, across * WORKGROUP, 0, 0];
        let bytes = u64::from(count) * 16;
        // Buffers are filled through the queue, not mapped at creation:
        // mapping panics inside wgpu once the device is lost.
        let upload = |label, contents: &[u8], usage| {
            let buffer = self.buffer(
                label,
                contents.len() as u64,
                usage | wgpu::BufferUsages::COPY_DST,
            );
            self.queue.write_buffer(&buffer, 0, contents);
            buffer
        };
        let storage = wgpu::BufferUsages::STORAGE;
        let rules = upload("rules", bytemuck::cast_slice(&batch.rules), storage);
        let starts = upload("starts", bytemuck::cast_slice(&batch.starts), storage);
        let params = upload(
            "params",
            bytemuck::cast_slice(&params),
            wgpu::BufferUsages::UNIFORM,
        );
        let tallies = self.buffer("tallies", bytes, storage | wgpu::BufferUsages::COPY_SRC);
        let readback = self.buffer(
            "readback",
            bytes,
            wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        );
        let bind = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("count"),
            layout: &self.pipeline.get_bind_group_layout(0),
            entries: &[
                entry(0, &rules),
                entry(1, &starts),
                entry(2, &tallies),
                entry(3, &params),
            ],
        });
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &bind, &[]);
            pass.dispatch_workgroups(across, groups.div_ceil(across), 1);
        }
        encoder.copy_buffer_to_buffer(&tallies, 0, &readback, 0, bytes);
        let index = self.queue.submit([encoder.finish()]);
        let told = Arc::clone(&mapped);
        readback
            .slice(..)
            .map_async(wgpu::MapMode::Read, move |result| {
                *told.lock().unwrap_or_else(|err| err.into_inner()) = Some(result);
            });
        InFlight {
            readback: Some(readback),
            index: Some(index),
            mapped,
            started,
        }
    }

    /// Waits for `batch` to finish: its per-start tallies and the seconds
    /// it took, or what went wrong.
    pub fn wait(&self, batch: InFlight) -> Result<(Vec<[u32; 4]>, f64), String> {
        let (Some(readback), Some(index)) = (batch.readback, batch.index) else {
            return Ok((Vec::new(), 0.0));
        };
        let poll = wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(BATCH_TIMEOUT),
        };
        let polled = self
            .device
            .poll(poll)
            .map_err(|err| one_line(&err.to_string()));
        let mapped = batch
            .mapped
            .lock()
            .unwrap_or_else(|err| err.into_inner())
            .take();
        if let Some(trouble) = self
            .trouble
            .lock()
            .unwrap_or_else(|err| err.into_inner())
            .clone()
        {
            return Err(trouble);
        }
        polled?;
        match mapped {
            Some(Ok(())) => {}
            Some(Err(err)) => return Err(one_line(&err.to_string())),
            None => return Err("the results never came back".into()),
        }
        let view = readback
            .get_mapped_range(..)
            .map_err(|err| err.to_string())?;
        let tallies = bytemuck::cast_slice::<u8, [u32; 4]>(&view).to_vec();
        Ok((tallies, batch.started.elapsed().as_secs_f64()))
    }

    fn buffer(&self, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
        let descriptor = wgpu::BufferDescriptor {
            label: Some(label),
            size,
            usage,
            mapped_at_creation: false,
        };
        self.device.create_buffer(&descriptor)
    }
}

fn entry(binding: u32, buffer: &wgpu::Buffer) -> wgpu::BindGroupEntry<'_> {
    wgpu::BindGroupEntry {
        binding,
        resource: buffer.as_entire_binding(),
    }
}

fn record(trouble: &Trouble, message: String) {
    let mut slot = trouble.lock().unwrap_or_else(|err| err.into_inner());
    slot.get_or_insert(one_line(&message));
}

/// A driver's message of several lines ("Validation Error", "Caused by:",
/// the cause indented) as one.
fn one_line(message: &str) -> String {
    let parts: Vec<&str> = (message.lines())
        .map(str::trim)
        .filter(|line| !line.is_empty() && *line != "Caused by:")
        .collect();
    parts.join(": ")
}
