//! The door: every TCP connection comes in through it, and it keeps the
//! connections a stranger can make the server hold bounded.
//!
//! - **In all**, the server holds at most [`Door::capacity`] connections:
//!   [`Limits::connections`], and never more than the process's file limit
//!   allows (less a margin for the database and the listener), so that a
//!   flood of connections never leaves the server without a file to accept
//!   an honest one with.
//! - **From one address** (an IPv4 address, or an IPv6 /64, a household's
//!   prefix) at most [`Limits::per_address`]; more are closed as they come.
//!   The loopback addresses a proxy on this machine connects from
//!   (127.0.0.1, ::1) are not capped: behind a proxy every player comes from
//!   there, and the proxy caps them.
//! - **A reserve for newcomers**: a connection that has not yet proved
//!   itself (no request read yet, or a WebSocket not yet signed in) may be
//!   put out to make room. When the server is full, the oldest such
//!   connection that is not in the middle of a request is closed for the
//!   newcomer; only when every connection is a signed-in player's, or busy,
//!   is a newcomer refused.
//!
//! - **A first word in time**: a connection that sends nothing within
//!   [`Limits::request_within`] is closed ([`FirstWord`]; over TLS, from
//!   the end of the handshake). Once it speaks, the
//!   rest of its request's headers must come within the same time
//!   (hyper's header timeout, which also closes a connection kept alive
//!   and silent between requests), a TLS handshake too (the TLS
//!   acceptor's), and a WebSocket's Hello (the WebSocket's own).

mod first_word;

pub use first_word::{FirstWord, Prompt};

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};

use axum::http::Request;
use axum_server::accept::Accept;
use futures_util::task::AtomicWaker;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tower_service::Service;

use crate::server::Limits;

/// The files the server keeps for itself beyond its connections: the
/// database's files and connections, the listener, the log.
pub const FILE_MARGIN: usize = 64;

/// Who a connection counts against: an IPv4 address, or an IPv6 /64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Source {
    V4([u8; 4]),
    V6([u8; 8]),
}

fn source(ip: IpAddr) -> Source {
    match ip {
        IpAddr::V4(v4) => Source::V4(v4.octets()),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => Source::V4(v4.octets()),
            None => {
                let mut prefix = [0; 8];
                prefix.copy_from_slice(&v6.octets()[..8]);
                Source::V6(prefix)
            }
        },
    }
}

/// Whether an address is where a proxy on this machine connects from.
pub(crate) fn proxied(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4 == std::net::Ipv4Addr::LOCALHOST,
        IpAddr::V6(v6) => v6.is_loopback() || v6.to_ipv4_mapped() == Some(std::net::Ipv4Addr::LOCALHOST),
    }
}

/// One connection, as the door knows it.
#[derive(Debug)]
pub struct Ticket {
    number: u64,
    peer: IpAddr,
    source: Source,
    /// A signed-in WebSocket: never put out for a newcomer.
    settled: AtomicBool,
    /// Requests being answered on it.
    busy: AtomicUsize,
    /// Put out: its stream fails at its next read or write.
    closed: AtomicBool,
    waker: AtomicWaker,
    ledger: Arc<Mutex<Ledger>>,
}

impl Ticket {
    /// The address the connection comes from.
    pub fn peer(&self) -> IpAddr {
        self.peer
    }

    /// The connection has proved itself (a WebSocket signed in): it is
    /// never put out to make room.
    pub fn settle(&self) {
        if !self.settled.swap(true, Ordering::SeqCst) {
            lock(&self.ledger).waiting.remove(&self.number);
        }
    }

    /// Marks a request being answered until the guard is dropped.
    pub fn busy(self: &Arc<Ticket>) -> Busy {
        self.busy.fetch_add(1, Ordering::SeqCst);
        Busy(self.clone())
    }

    fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        self.waker.wake();
    }
}

/// A request being answered on a connection ([`Ticket::busy`]).
pub struct Busy(Arc<Ticket>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

#[derive(Debug, Default)]
struct Ledger {
    open: usize,
    /// Put out and not yet gone.
    closing: usize,
    by_source: HashMap<Source, usize>,
    /// The connections that may be put out, oldest first.
    waiting: BTreeMap<u64, Arc<Ticket>>,
    next: u64,
}

fn lock(ledger: &Mutex<Ledger>) -> MutexGuard<'_, Ledger> {
    ledger.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What the door holds now, for the operator and the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    pub open: usize,
    /// Open and not yet proved ([`Ticket::settle`]).
    pub waiting: usize,
}

/// The door of one server.
#[derive(Clone, Debug)]
pub struct Door {
    ledger: Arc<Mutex<Ledger>>,
    capacity: usize,
    per_address: usize,
}

impl Door {
    /// A door within `limits`, and within the process's file limit.
    pub fn new(limits: &Limits) -> Door {
        let files = open_files_allowed().map_or(usize::MAX, |n| n.saturating_sub(FILE_MARGIN));
        Door {
            ledger: Arc::default(),
            capacity: limits.connections.min(files).max(1),
            per_address: limits.per_address.max(1),
        }
    }

    /// The most connections it lets in at once.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn count(&self) -> Count {
        let ledger = lock(&self.ledger);
        Count {
            open: ledger.open,
            waiting: ledger.waiting.len(),
        }
    }

    /// Lets a connection in, or says why not.
    fn admit(&self, ip: IpAddr) -> Result<Arc<Ticket>, &'static str> {
        let source = source(ip);
        let mut ledger = lock(&self.ledger);
        if !proxied(ip) && ledger.by_source.get(&source).copied().unwrap_or(0) >= self.per_address {
            return Err("too many connections from one address");
        }
        if ledger.open - ledger.closing >= self.capacity {
            let idle = ledger
                .waiting
                .values()
                .find(|t| t.busy.load(Ordering::SeqCst) == 0)
                .map(|t| t.number);
            let Some(number) = idle else {
                return Err("the server is full");
            };
            let victim = ledger.waiting.remove(&number).expect("found just now");
            ledger.closing += 1;
            victim.close();
            tracing::debug!(
                connection = number,
                "a connection not yet signed in is put out for a newcomer"
            );
        }
        let number = ledger.next;
        ledger.next += 1;
        ledger.open += 1;
        *ledger.by_source.entry(source).or_default() += 1;
        let ticket = Arc::new(Ticket {
            number,
            peer: ip,
            source,
            settled: AtomicBool::new(false),
            busy: AtomicUsize::new(0),
            closed: AtomicBool::new(false),
            waker: AtomicWaker::new(),
            ledger: self.ledger.clone(),
        });
        ledger.waiting.insert(number, ticket.clone());
        Ok(ticket)
    }
}

/// Forgets a connection that is gone.
fn release(ticket: &Ticket) {
    let mut ledger = lock(&ticket.ledger);
    ledger.open -= 1;
    if ticket.closed.load(Ordering::SeqCst) {
        ledger.closing -= 1;
    }
    ledger.waiting.remove(&ticket.number);
    if let Some(count) = ledger.by_source.get_mut(&ticket.source) {
        *count -= 1;
        if *count == 0 {
            ledger.by_source.remove(&ticket.source);
        }
    }
}

/// How many files the process may have open (its soft limit), where the
/// system says.
fn open_files_allowed() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the limit into the struct it is given.
        let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
        if read == 0 && limit.rlim_cur != libc::RLIM_INFINITY {
            return usize::try_from(limit.rlim_cur).ok();
        }
    }
    None
}

/// Raises the process's soft limit of open files to its hard limit (as a
/// server does at start: the soft limit is often far below).
pub fn raise_file_limit() {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit read and write the struct they are given.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            }
        }
    }
}

/// A connection's stream while the door holds its ticket.
pub struct Gated<S> {
    inner: S,
    ticket: Arc<Ticket>,
}

impl<S> Gated<S> {
    fn check(&self, cx: &mut Context<'_>) -> Result<(), io::Error> {
        self.ticket.waker.register(cx.waker());
        if self.ticket.closed.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "put out to make room for a newcomer",
            ));
        }
        Ok(())
    }
}

impl<S> Drop for Gated<S> {
    fn drop(&mut self) {
        release(&self.ticket);
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Gated<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Gated<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.check(cx)?;
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// A connection's service: each request carries the connection's ticket
/// in its extensions.
#[derive(Clone, Debug)]
pub struct WithTicket<S> {
    inner: S,
    ticket: Arc<Ticket>,
}

impl<S: Service<Request<B>>, B> Service<Request<B>> for WithTicket<S> {
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<B>) -> Self::Future {
        request.extensions_mut().insert(self.ticket.clone());
        self.inner.call(request)
    }
}

impl<S> Accept<TcpStream, S> for Door {
    type Stream = Gated<TcpStream>;
    type Service = WithTicket<S>;
    type Future = std::future::Ready<io::Result<(Self::Stream, Self::Service)>>;

    /// Lets the connection in with its ticket (which every request on it
    /// carries, for [`Ticket::settle`] and [`Ticket::busy`]), or closes it.
    fn accept(&self, stream: TcpStream, service: S) -> Self::Future {
        let admitted = stream.peer_addr().and_then(|peer| {
            self.admit(peer.ip()).map_err(|why| {
                tracing::debug!(peer = %peer.ip(), why, "a connection is refused");
                io::Error::other(why)
            })
        });
        std::future::ready(admitted.map(|ticket| {
            let service = WithTicket {
                inner: service,
                ticket: ticket.clone(),
            };
            (Gated { inner: stream, ticket }, service)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn door(connections: usize, per_address: usize) -> Door {
        let limits = Limits {
            connections,
            per_address,
            ..Limits::default()
        };
        Door::new(&limits)
    }

    #[test]
    fn one_address_holds_at_most_its_share_and_a_proxy_on_this_machine_is_not_capped() {
        let door = door(100, 3);
        let far: IpAddr = "203.0.113.7".parse().unwrap();
        let held: Vec<_> = (0..3).map(|_| door.admit(far).unwrap()).collect();
        assert_eq!(door.admit(far).unwrap_err(), "too many connections from one address");
        // The same /64 is one household.
        let six: IpAddr = "2001:db8::1".parse().unwrap();
        let six_b: IpAddr = "2001:db8::2".parse().unwrap();
        let _six: Vec<_> = [six, six, six].into_iter().map(|ip| door.admit(ip).unwrap()).collect();
        assert!(door.admit(six_b).is_err());
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let _local: Vec<_> = (0..10).map(|_| door.admit(local).unwrap()).collect();
        for ticket in &held {
            release(ticket);
        }
        assert!(door.admit(far).is_ok());
    }

    #[test]
    fn a_full_door_puts_out_the_oldest_idle_newcomer_and_never_a_settled_or_busy_one() {
        let door = door(3, 10);
        let ip = |n: u8| IpAddr::from([198, 51, 100, n]);
        let player = door.admit(ip(1)).unwrap();
        player.settle();
        let busy = door.admit(ip(2)).unwrap();
        let _request = busy.busy();
        let idle = door.admit(ip(3)).unwrap();
        let newcomer = door.admit(ip(4)).unwrap();
        assert!(idle.closed.load(Ordering::SeqCst), "the idle one is put out");
        assert!(!player.closed.load(Ordering::SeqCst) && !busy.closed.load(Ordering::SeqCst));
        assert_eq!(door.count().open, 4, "counted until its stream is gone");
        release(&idle);
        newcomer.settle();
        assert_eq!(door.admit(ip(5)).unwrap_err(), "the server is full");
        assert_eq!(door.count(), Count { open: 3, waiting: 1 });
    }
}
