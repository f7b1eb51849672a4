//! The slots that bound what runs at once, and the order a request takes
//! them in: first its client's share (so that one client cannot hold them
//! all), then, for a short request, one of the slots kept for short
//! requests, and only then one of its kind.

use crate::error::ApiError;
use crate::peers::{Kind, Peer, PeerPermit, Peers};
use crate::Limits;
use axum::http::StatusCode;
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{timeout_at, Instant};

/// Every pool of slots, and each client's share of them.
pub(crate) struct Slots {
    /// Counts and completions.
    pub(crate) work: Arc<Semaphore>,
    /// Trace and solve streams.
    pub(crate) streams: Arc<Semaphore>,
    /// Kept for short requests of either kind.
    pub(crate) short: Arc<Semaphore>,
    /// Connections open.
    pub(crate) connections: Arc<Semaphore>,
    pub(crate) peers: Arc<Peers>,
}

/// A slot and its client's share, both given back when it is dropped.
pub(crate) struct Slot {
    _pool: OwnedSemaphorePermit,
    _share: PeerPermit,
}

/// An open connection's place, given back when it closes.
pub(crate) type Connection = Slot;

impl Slots {
    pub(crate) fn new(limits: &Limits) -> Slots {
        let pool = |size| Arc::new(Semaphore::new(size));
        Slots {
            work: pool(limits.work_slots),
            streams: pool(limits.stream_slots),
            short: pool(limits.short_slots),
            connections: pool(limits.max_connections),
            peers: Peers::new(
                limits.peer_connections,
                limits.peer_stream_slots,
                limits.peer_work_slots,
            ),
        }
    }

    /// A place for a new connection from `peer`, or why there is none.
    pub(crate) fn connection(&self, peer: Peer, limits: &Limits) -> Result<Connection, String> {
        let cap = limits.peer_connections;
        let share = self.peers.try_take(peer, Kind::Connection).ok_or_else(|| {
            format!(
                "this address has {} open, the most this server takes from one client: \
                 close one, or try again when one closes",
                counted(cap, "connection", "connections")
            )
        })?;
        let open = self.connections.clone().try_acquire_owned();
        let open = open.map_err(|_| {
            format!(
                "this server has every connection it takes open ({}); try again in a second",
                limits.max_connections
            )
        })?;
        Ok(Slot {
            _pool: open,
            _share: share,
        })
    }
}

/// `count` things, in the singular or the plural.
fn counted(count: usize, one: &str, many: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        _ => format!("{count} {many}"),
    }
}

/// A slot for a count or a completion (`what`), at once or 429.
pub(crate) fn work_slot(
    slots: &Slots,
    limits: &Limits,
    peer: Peer,
    short: bool,
    what: &str,
) -> Result<Slot, ApiError> {
    let busy = |message: String| ApiError::busy(StatusCode::TOO_MANY_REQUESTS, message);
    let share = slots.peers.try_take(peer, Kind::Work).ok_or_else(|| {
        let running = counted(
            limits.peer_work_slots,
            "count or completion",
            "counts or completions",
        );
        busy(format!(
            "this address already runs {running}, the most one client may run at once; \
             try the {what} again when it finishes"
        ))
    })?;
    let reserved = short.then(|| slots.short.clone().try_acquire_owned().ok());
    let pool = reserved.flatten();
    let pool = pool.or_else(|| slots.work.clone().try_acquire_owned().ok());
    let pool = pool.ok_or_else(|| {
        busy(format!(
            "every slot for counts and completions is busy ({}, one per core); \
             try the {what} again when one finishes",
            limits.work_slots
        ))
    })?;
    Ok(Slot {
        _pool: pool,
        _share: share,
    })
}

/// A slot for a stream, within [`Limits::stream_wait`] or 503.
pub(crate) async fn stream_slot(
    slots: &Slots,
    limits: &Limits,
    peer: Peer,
    short: bool,
) -> Result<Slot, ApiError> {
    let busy = |message: String| ApiError::busy(StatusCode::SERVICE_UNAVAILABLE, message);
    let deadline = Instant::now() + limits.stream_wait();
    let waited = limits.stream_wait_ms;
    let share = timeout_at(deadline, slots.peers.take(peer, Kind::Stream)).await;
    let share = share.map_err(|_| {
        let streams = counted(limits.peer_stream_slots, "stream", "streams");
        busy(format!(
            "this address's {streams} stayed busy for {waited} ms, and one client may run \
             no more at once; try again when one ends"
        ))
    })?;
    if short {
        if let Ok(pool) = slots.short.clone().try_acquire_owned() {
            return Ok(Slot {
                _pool: pool,
                _share: share,
            });
        }
    }
    match timeout_at(deadline, slots.streams.clone().acquire_owned()).await {
        Ok(Ok(pool)) => Ok(Slot {
            _pool: pool,
            _share: share,
        }),
        _ => Err(busy(format!(
            "every stream slot stayed busy for {waited} ms ({} in all); try again",
            limits.stream_slots
        ))),
    }
}
