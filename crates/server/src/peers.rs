//! Each client's share: how many connections, streams and work slots one
//! peer address holds, so that no client can take all of them. A client
//! is known only while it holds something: its entry goes with its last
//! permit, so the table is never larger than the connections open.

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A client: an IPv4 address, or an IPv6 address's /64 network, which
/// one machine is often given whole (an IPv4 address mapped into IPv6 is
/// that IPv4 address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Peer(IpAddr);

impl Peer {
    pub(crate) fn of(ip: IpAddr) -> Peer {
        match ip {
            IpAddr::V4(_) => Peer(ip),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Peer(IpAddr::V4(v4)),
                None => Peer(IpAddr::V6(Ipv6Addr::from_bits(
                    v6.to_bits() & !u128::from(u64::MAX),
                ))),
            },
        }
    }

    /// Requests that came without a peer (the router served on its own,
    /// not through [`crate::serve`]) share one entry.
    pub(crate) const UNKNOWN: Peer = Peer(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
}

impl fmt::Display for Peer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// What a client can hold.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Connection = 0,
    Stream = 1,
    Work = 2,
}

/// One client's share: a semaphore per kind, each with the cap's permits.
struct Share([Arc<Semaphore>; 3]);

/// Every client's share.
pub(crate) struct Peers {
    caps: [usize; 3],
    table: Mutex<HashMap<Peer, Arc<Share>>>,
}

/// A client's share, held: whoever drops the last one takes the entry out
/// of the table. Every clone of a share's `Arc` but the table's is one of
/// these, and each is made and checked under the table's lock, so the
/// count read there is exact.
struct Held {
    peers: Arc<Peers>,
    peer: Peer,
    share: Arc<Share>,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut table = self.peers.lock();
        let idle = table
            .get(&self.peer)
            .is_some_and(|entry| Arc::ptr_eq(entry, &self.share))
            && Arc::strong_count(&self.share) == 2;
        if idle {
            table.remove(&self.peer);
        }
    }
}

/// One unit of a client's share of a kind. The permit goes back before
/// the share is let go (fields drop in order).
pub(crate) struct PeerPermit {
    _permit: OwnedSemaphorePermit,
    _held: Held,
}

impl Peers {
    /// Shares of `connections`, `streams` and `work` per client.
    pub(crate) fn new(connections: usize, streams: usize, work: usize) -> Arc<Peers> {
        Arc::new(Peers {
            caps: [connections, streams, work],
            table: Mutex::new(HashMap::new()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Peer, Arc<Share>>> {
        // The table is consistent after every statement: a panic
        // elsewhere leaves nothing half done.
        self.table.lock().unwrap_or_else(|err| err.into_inner())
    }

    fn held(self: &Arc<Self>, peer: Peer) -> Held {
        let mut table = self.lock();
        let share = table
            .entry(peer)
            .or_insert_with(|| Arc::new(Share(self.caps.map(|cap| Arc::new(Semaphore::new(cap))))));
        Held {
            peers: self.clone(),
            peer,
            share: share.clone(),
        }
    }

    /// One of `peer`'s `kind`, if it has one left.
    pub(crate) fn try_take(self: &Arc<Self>, peer: Peer, kind: Kind) -> Option<PeerPermit> {
        let held = self.held(peer);
        let permit = held.share.0[kind as usize]
            .clone()
            .try_acquire_owned()
            .ok()?;
        Some(PeerPermit {
            _permit: permit,
            _held: held,
        })
    }

    /// One of `peer`'s `kind`, waiting for one to come back.
    pub(crate) async fn take(self: &Arc<Self>, peer: Peer, kind: Kind) -> PeerPermit {
        let held = self.held(peer);
        let semaphore = held.share.0[kind as usize].clone();
        let permit = semaphore.acquire_owned().await;
        PeerPermit {
            _permit: permit.expect("a share's semaphores are never closed"),
            _held: held,
        }
    }

    /// How many of each kind `peer` holds now.
    pub(crate) fn in_use(&self, peer: Peer) -> [usize; 3] {
        let table = self.lock();
        let Some(share) = table.get(&peer) else {
            return [0; 3];
        };
        std::array::from_fn(|kind| self.caps[kind] - share.0[kind].available_permits())
    }

    /// How many clients hold anything now.
    pub(crate) fn clients(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(text: &str) -> Peer {
        Peer::of(text.parse().unwrap())
    }

    #[test]
    fn a_client_is_an_ipv4_address_or_an_ipv6_network() {
        assert_ne!(peer("127.0.0.1"), peer("127.0.0.2"));
        assert_eq!(peer("2001:db8::1"), peer("2001:db8::ffff:1"));
        assert_ne!(peer("2001:db8::1"), peer("2001:db8:0:1::1"));
        assert_eq!(peer("::ffff:10.0.0.1"), peer("10.0.0.1"));
        assert_eq!(peer("2001:db8::1").to_string(), "2001:db8::/64");
    }

    #[test]
    fn a_share_is_capped_per_client_and_its_entry_goes_with_its_last_permit() {
        let peers = Peers::new(2, 1, 1);
        let (a, b) = (peer("10.0.0.1"), peer("10.0.0.2"));
        let first = peers.try_take(a, Kind::Connection).unwrap();
        let second = peers.try_take(a, Kind::Connection).unwrap();
        assert!(peers.try_take(a, Kind::Connection).is_none());
        let other = peers.try_take(b, Kind::Connection).unwrap();
        let work = peers.try_take(a, Kind::Work).unwrap();
        assert_eq!(peers.in_use(a), [2, 0, 1]);
        assert_eq!(peers.clients(), 2);
        drop((first, second, other));
        assert!(peers.try_take(a, Kind::Work).is_none());
        drop(work);
        assert_eq!(peers.clients(), 0);
        assert_eq!(peers.in_use(a), [0, 0, 0]);
    }

    #[tokio::test]
    async fn a_client_waiting_for_its_share_gets_the_one_given_back() {
        let peers = Peers::new(1, 1, 1);
        let a = peer("10.0.0.1");
        let stream = peers.try_take(a, Kind::Stream).unwrap();
        let waiting = tokio::spawn({
            let peers = peers.clone();
            async move { peers.take(a, Kind::Stream).await }
        });
        drop(stream);
        let taken = waiting.await.unwrap();
        assert_eq!(peers.in_use(a), [0, 1, 0]);
        drop(taken);
        assert_eq!(peers.clients(), 0);
    }
}
