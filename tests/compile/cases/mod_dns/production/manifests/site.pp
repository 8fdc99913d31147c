include dns::server
