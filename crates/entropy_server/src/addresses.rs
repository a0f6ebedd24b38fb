//! Where a server listening on every address is reached from this
//! computer's networks.

/// This computer's IPv4 addresses on its networks (not the loopback), the
/// ones a friend on the same network types to reach a server listening on
/// every address.
pub fn local_addresses() -> Vec<String> {
    let mut found = Vec::new();
    #[cfg(unix)]
    // SAFETY: getifaddrs fills a list that freeifaddrs frees; each entry's
    // address is read only where the list says it is an IPv4 one.
    unsafe {
        let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
        if libc::getifaddrs(&mut list) == 0 {
            let mut entry = list;
            while !entry.is_null() {
                let address = (*entry).ifa_addr;
                if !address.is_null() && i32::from((*address).sa_family) == libc::AF_INET {
                    let v4 = &*(address as *const libc::sockaddr_in);
                    let ip = std::net::Ipv4Addr::from(u32::from_be(v4.sin_addr.s_addr));
                    if !ip.is_loopback() {
                        found.push(ip.to_string());
                    }
                }
                entry = (*entry).ifa_next;
            }
            libc::freeifaddrs(list);
        }
    }
    found.sort();
    found.dedup();
    found
}
