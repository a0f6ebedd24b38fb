//! A client of entropy-server.
