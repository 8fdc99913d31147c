include mysql::server
