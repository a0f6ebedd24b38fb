//! Whom a client trusts with TLS: the certificate authorities given in
//! place of the Mozilla roots, read from PEM, and the plain words for a
//! server whose certificate is not trusted. Shared by the HTTP calls and
//! the WebSocket.

use std::sync::Arc;

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

/// Certificate authorities, DER.
pub(crate) type Roots = Arc<Vec<CertificateDer<'static>>>;

/// The environment variable naming a PEM file of certificate authorities
/// to trust instead of the Mozilla roots (see [`crate::Server::with_ca_file`]):
/// the command line's clients read it when not given `--ca-file`.
pub const CA_FILE_VAR: &str = "ENTROPY_CA_FILE";

/// The most a file of certificate authorities may hold: 1 MiB.
pub(crate) const MAX_CA_FILE: u64 = 1024 * 1024;

/// The certificates of a PEM text, at least one, each a CA rustls takes.
pub(crate) fn parse_roots(pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, String> {
    let mut roots = Vec::new();
    for cert in CertificateDer::pem_slice_iter(pem) {
        let cert = cert.map_err(|e| pem_reason(&e))?;
        let mut check = rustls::RootCertStore::empty();
        check
            .add(cert.clone())
            .map_err(|e| format!("a certificate that cannot be trusted: {e}"))?;
        roots.push(cert);
    }
    if roots.is_empty() {
        return Err("no PEM certificate (-----BEGIN CERTIFICATE-----) in it".into());
    }
    Ok(roots)
}

/// What is wrong with a PEM text, said plainly (the library's own words
/// print a marker line as a list of bytes).
fn pem_reason(e: &rustls::pki_types::pem::Error) -> String {
    use rustls::pki_types::pem::Error;
    let text = |bytes: &[u8]| entropy_rules::text::excerpt(&String::from_utf8_lossy(bytes));
    match e {
        Error::MissingSectionEnd { end_marker } => format!("malformed PEM: no -----END {}----- line", text(end_marker)),
        Error::IllegalSectionStart { line } => format!("malformed PEM: the line {:?}", text(line)),
        Error::Base64Decode(why) => format!("malformed PEM: not base64 ({why})"),
        other => format!("malformed PEM: {other}"),
    }
}

/// A reason given by TLS, with what to do when it is that the server's
/// certificate is not trusted.
pub(crate) fn tls_hint(reason: String) -> String {
    let untrusted = [
        "UnknownIssuer",
        "invalid peer certificate",
        "BadSignature",
        "NotValidForName",
    ];
    if untrusted.iter().any(|u| reason.contains(u)) {
        format!(
            "{reason} (the server's certificate is not one this client trusts: if the server has a \
             certificate of its own or of a private authority, give that authority's certificate, \
             e.g. with --ca-file or {CA_FILE_VAR})"
        )
    } else {
        reason
    }
}
