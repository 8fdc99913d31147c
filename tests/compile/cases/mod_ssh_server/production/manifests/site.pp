include ssh::server
