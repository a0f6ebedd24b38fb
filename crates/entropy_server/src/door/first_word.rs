//! A connection's first word: one that has not sent a byte of its request
//! within a time is closed. Over TLS the time counts from the end of the
//! handshake (which has a time of its own), so a connection that shakes
//! hands and then says nothing is closed too. Once its first byte is
//! read, hyper's header timeout bounds the rest of the request's headers.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum_server::accept::Accept;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// An acceptor that gives each stream its inner acceptor makes
/// `within` to say its first word ([`Prompt`]).
#[derive(Clone, Debug)]
pub struct FirstWord<A> {
    inner: A,
    within: Duration,
}

impl<A> FirstWord<A> {
    pub fn new(inner: A, within: Duration) -> FirstWord<A> {
        FirstWord { inner, within }
    }
}

impl<A, I, S> Accept<I, S> for FirstWord<A>
where
    A: Accept<I, S>,
    A::Future: Send + 'static,
    A::Stream: Send + 'static,
    A::Service: Send + 'static,
{
    type Stream = Prompt<A::Stream>;
    type Service = A::Service;
    type Future = Pin<Box<dyn Future<Output = io::Result<(Self::Stream, Self::Service)>> + Send>>;

    fn accept(&self, stream: I, service: S) -> Self::Future {
        let accepting = self.inner.accept(stream, service);
        let within = self.within;
        Box::pin(async move {
            let (stream, service) = accepting.await?;
            Ok((Prompt::new(stream, within), service))
        })
    }
}

/// A stream that fails its reads once `within` has passed without a byte
/// read; after the first byte, it is the stream itself.
pub struct Prompt<S> {
    inner: S,
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<S> Prompt<S> {
    fn new(inner: S, within: Duration) -> Prompt<S> {
        Prompt {
            inner,
            deadline: Some(Box::pin(tokio::time::sleep(within))),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Prompt<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(read) => {
                if buf.filled().len() > before {
                    self.deadline = None;
                }
                Poll::Ready(read)
            }
            Poll::Pending => {
                let late = self
                    .deadline
                    .as_mut()
                    .is_some_and(|deadline| deadline.as_mut().poll(cx).is_ready());
                if late {
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "no request within the time allowed",
                    )));
                }
                Poll::Pending
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Prompt<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
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
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
