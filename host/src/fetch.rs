//! Fetching a document from a client-supplied URL without letting the client reach what it
//! should not (server-side request forgery).
//!
//! Rules: only `http` and `https`; every address a name resolves to is checked, on every
//! redirect hop, and the connection goes to exactly the addresses that were checked (a custom
//! resolver hands them to the HTTP client, so a second DNS answer cannot rebind it); IP
//! literals in any spelling are normalized by the URL parser and checked the same way; no
//! proxy from the environment is used. Refused: loopback, private, link-local, CGNAT,
//! multicast, unspecified, broadcast, reserved and documentation ranges, and IPv6 forms that
//! embed such an IPv4 address. `SERVICE_ALLOW_PRIVATE_URLS=1` lifts the address checks (not the
//! scheme check). The download is capped in bytes and in time.
//!
//! This module knows nothing of HTTP status codes of our API; it returns [`FetchError`].

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::io::AsyncWriteExt;

/// Redirect hops followed at most.
const MAX_REDIRECTS: usize = 5;

#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// The URL or an address it leads to is not allowed.
    #[error("{0}")]
    Forbidden(String),
    #[error("the document is larger than the limit of {0} bytes")]
    TooLarge(u64),
    #[error("could not fetch the URL: {0}")]
    Failed(String),
    #[error("could not store the download: {0}")]
    Io(#[from] std::io::Error),
}

/// Why an address may not be fetched, or `None` when it may.
pub fn forbidden_reason(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => v4_reason(v4),
        IpAddr::V6(v6) => v6_reason(v6),
    }
}

fn v4_reason(ip: Ipv4Addr) -> Option<&'static str> {
    let o = ip.octets();
    let reason = match o {
        [0, ..] => "an unspecified (0.0.0.0/8) address",
        [127, ..] => "a loopback address",
        [10, ..] => "a private address",
        [172, b, ..] if (16..=31).contains(&b) => "a private address",
        [192, 168, ..] => "a private address",
        [169, 254, ..] => "a link-local address",
        [100, b, ..] if (64..=127).contains(&b) => "a carrier-grade NAT (100.64.0.0/10) address",
        [192, 0, 0, _] => "an IETF protocol assignment (192.0.0.0/24) address",
        [192, 0, 2, _] | [198, 51, 100, _] | [203, 0, 113, _] => "a documentation address",
        [198, b, ..] if b == 18 || b == 19 => "a benchmarking (198.18.0.0/15) address",
        [a, ..] if (224..=239).contains(&a) => "a multicast address",
        [255, 255, 255, 255] => "the broadcast address",
        [a, ..] if a >= 240 => "a reserved (240.0.0.0/4) address",
        _ => return None,
    };
    Some(reason)
}

fn v6_reason(ip: Ipv6Addr) -> Option<&'static str> {
    let s = ip.segments();
    if ip.is_unspecified() {
        return Some("an unspecified address");
    }
    if ip.is_loopback() {
        return Some("a loopback address");
    }
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): judge the embedded address,
    // and refuse the mapped form outright for anything not public.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_reason(v4).map(|_| "an IPv4-mapped IPv6 form of a non-public address");
    }
    if s[..6] == [0; 6] {
        let v4 = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
        return Some(v4_reason(v4).unwrap_or("a deprecated IPv4-compatible IPv6 address"));
    }
    let reason = match s[0] {
        x if x & 0xfe00 == 0xfc00 => "a unique-local (private) IPv6 address",
        x if x & 0xffc0 == 0xfe80 => "a link-local IPv6 address",
        x if x & 0xffc0 == 0xfec0 => "a site-local IPv6 address",
        x if x & 0xff00 == 0xff00 => "a multicast IPv6 address",
        0x2001 if s[1] == 0x0db8 => "a documentation IPv6 address",
        0x2001 if s[1] == 0 => "a Teredo IPv6 address",
        0x2002 => {
            // 6to4 embeds an IPv4 address in bits 16..48.
            let v4 = Ipv4Addr::new((s[1] >> 8) as u8, s[1] as u8, (s[2] >> 8) as u8, s[2] as u8);
            return v4_reason(v4).map(|_| "a 6to4 IPv6 form of a non-public address");
        }
        0x0064 if s[1] == 0xff9b => "a NAT64 IPv6 address",
        0x0100 if s[1..4] == [0, 0, 0] => "a discard-only IPv6 address",
        _ => return None,
    };
    Some(reason)
}

/// Checks a URL's scheme and, for IP literals, its address.
pub fn check_url(url: &reqwest::Url, allow_private: bool) -> Result<(), FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::Forbidden(format!(
            "only http and https URLs are accepted, not {}:",
            url.scheme()
        )));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(FetchError::Forbidden(
            "URLs with credentials are not accepted".into(),
        ));
    }
    let ip = match url.host() {
        None => return Err(FetchError::Forbidden("the URL has no host".into())),
        Some(url::Host::Ipv4(v4)) => IpAddr::V4(v4),
        Some(url::Host::Ipv6(v6)) => IpAddr::V6(v6),
        Some(url::Host::Domain(_)) => return Ok(()),
    };
    if !allow_private && let Some(reason) = forbidden_reason(ip) {
        return Err(FetchError::Forbidden(format!(
            "{ip} is {reason}; such addresses are refused"
        )));
    }
    Ok(())
}

/// A resolver that refuses names with any forbidden address and returns only checked ones.
struct CheckedResolver {
    allow_private: bool,
}

impl reqwest::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let host = name.as_str().to_string();
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if addrs.is_empty() {
                return Err(format!("{host} does not resolve").into());
            }
            if !allow_private {
                for a in &addrs {
                    if let Some(reason) = forbidden_reason(a.ip()) {
                        return Err(Box::new(FetchError::Forbidden(format!(
                            "{host} resolves to {} which is {reason}; such addresses are refused",
                            a.ip()
                        )))
                            as Box<dyn std::error::Error + Send + Sync>);
                    }
                }
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Finds a [`FetchError::Forbidden`] anywhere in an error's source chain.
fn forbidden_in(err: &(dyn std::error::Error + 'static)) -> Option<String> {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = cur {
        if let Some(FetchError::Forbidden(m)) = e.downcast_ref::<FetchError>() {
            return Some(m.clone());
        }
        cur = e.source();
    }
    None
}

/// What was downloaded.
pub struct Fetched {
    /// A file name for the document, from the final URL's path.
    pub file_name: String,
    pub bytes: u64,
}

/// Downloads `url` into `dest`, at most `max_bytes`, within `timeout`.
pub async fn fetch_to_file(
    url: &str,
    dest: &Path,
    max_bytes: u64,
    timeout: Duration,
    allow_private: bool,
) -> Result<Fetched, FetchError> {
    let url = reqwest::Url::parse(url.trim())
        .map_err(|e| FetchError::Forbidden(format!("not a valid URL: {e}")))?;
    check_url(&url, allow_private)?;
    let policy = reqwest::redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() >= MAX_REDIRECTS {
            return attempt.error(FetchError::Forbidden(format!(
                "more than {MAX_REDIRECTS} redirects"
            )));
        }
        match check_url(attempt.url(), allow_private) {
            Ok(()) => attempt.follow(),
            Err(e) => attempt.error(e),
        }
    });
    // The TLS crypto provider is chosen once per process (ring: no C toolchain beyond cc).
    static PROVIDER: std::sync::Once = std::sync::Once::new();
    PROVIDER.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    let client = reqwest::Client::builder()
        .no_proxy()
        .redirect(policy)
        .dns_resolver(Arc::new(CheckedResolver { allow_private }))
        .connect_timeout(Duration::from_secs(10))
        .timeout(timeout)
        .user_agent(concat!("grove/", env!("CARGO_PKG_VERSION")))
        .build()
        .map_err(|e| FetchError::Failed(e.to_string()))?;
    let classify = |e: reqwest::Error| match forbidden_in(&e) {
        Some(m) => FetchError::Forbidden(m),
        None if e.is_timeout() => {
            FetchError::Failed(format!("timed out after {} s", timeout.as_secs()))
        }
        None => FetchError::Failed(
            std::iter::successors(Some(&e as &dyn std::error::Error), |e| e.source())
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(": "),
        ),
    };
    let resp = client.get(url).send().await.map_err(classify)?;
    if !resp.status().is_success() {
        return Err(FetchError::Failed(format!(
            "the server answered {}",
            resp.status()
        )));
    }
    if resp.content_length().is_some_and(|n| n > max_bytes) {
        return Err(FetchError::TooLarge(max_bytes));
    }
    let file_name = resp
        .url()
        .path_segments()
        .and_then(|mut s| s.next_back().map(str::to_string))
        .map(|s| percent_decode(&s))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "download".into());
    let mut out = tokio::fs::File::create(dest).await?;
    let mut stream = resp.bytes_stream();
    let mut total = 0u64;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(classify)?;
        total += chunk.len() as u64;
        if total > max_bytes {
            drop(out);
            let _ = tokio::fs::remove_file(dest).await;
            return Err(FetchError::TooLarge(max_bytes));
        }
        out.write_all(&chunk).await?;
    }
    out.flush().await?;
    Ok(Fetched {
        file_name,
        bytes: total,
    })
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn address_table() {
        let cases: &[(&str, bool)] = &[
            ("8.8.8.8", true),
            ("1.1.1.1", true),
            ("93.184.216.34", true),
            ("127.0.0.1", false),
            ("127.255.255.254", false),
            ("0.0.0.0", false),
            ("10.1.2.3", false),
            ("172.16.0.1", false),
            ("172.31.255.255", false),
            ("172.32.0.1", true),
            ("192.168.1.1", false),
            ("169.254.169.254", false),
            ("100.64.0.1", false),
            ("100.128.0.1", true),
            ("224.0.0.1", false),
            ("239.255.255.250", false),
            ("255.255.255.255", false),
            ("240.0.0.1", false),
            ("192.0.2.1", false),
            ("198.51.100.7", false),
            ("203.0.113.9", false),
            ("198.18.0.1", false),
            ("192.0.0.8", false),
            ("::", false),
            ("::1", false),
            ("fc00::1", false),
            ("fd12:3456::1", false),
            ("fe80::1", false),
            ("fec0::1", false),
            ("ff02::1", false),
            ("2001:db8::1", false),
            ("::ffff:127.0.0.1", false),
            ("::ffff:10.0.0.1", false),
            ("::ffff:8.8.8.8", true),
            ("::127.0.0.1", false),
            ("2002:7f00:1::", false),
            ("2002:0808:0808::", true),
            ("64:ff9b::7f00:1", false),
            ("2001::1", false),
            ("2606:4700:4700::1111", true),
        ];
        for (ip, allowed) in cases {
            let parsed: IpAddr = ip.parse().unwrap();
            assert_eq!(forbidden_reason(parsed).is_none(), *allowed, "{ip}");
        }
    }

    #[test]
    fn odd_spellings_and_schemes_are_refused() {
        let cases: &[(&str, bool)] = &[
            ("http://example.com/book.epub", true),
            ("https://example.com/book.epub", true),
            ("http://127.0.0.1/", false),
            ("http://2130706433/", false),   // decimal 127.0.0.1
            ("http://0x7f000001/", false),   // hex
            ("http://0x7f.1/", false),       // mixed short form
            ("http://127.1/", false),        // short form
            ("http://017700000001/", false), // octal
            ("http://[::1]/", false),
            ("http://[::ffff:7f00:1]/", false), // IPv4-mapped loopback
            ("http://0/", false),
            ("http://169.254.169.254/latest/meta-data/", false),
            ("ftp://example.com/book.pdf", false),
            ("file:///etc/passwd", false),
            ("gopher://example.com/", false),
            ("http://user:pw@example.com/", false),
        ];
        for (url, allowed) in cases {
            let parsed = reqwest::Url::parse(url).unwrap();
            assert_eq!(check_url(&parsed, false).is_ok(), *allowed, "{url}");
        }
        let local = reqwest::Url::parse("http://127.0.0.1/").unwrap();
        assert!(
            check_url(&local, true).is_ok(),
            "SERVICE_ALLOW_PRIVATE_URLS lifts address checks"
        );
        let ftp = reqwest::Url::parse("ftp://127.0.0.1/").unwrap();
        assert!(check_url(&ftp, true).is_err(), "but never the scheme check");
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("%E8%AE%BA%E8%AF%AD.txt"), "论语.txt");
        assert_eq!(percent_decode("a%2"), "a%2");
    }
}
