notice(os_database_connection({dialect => "mysql+pymysql", host => "db", port => "3306", database => "nova", username => "nova", password => "s3cr/t", charset => "utf8"}))
notice(os_database_connection({dialect => "sqlite", database => "/var/lib/x.db"}))
notice(os_database_connection({dialect => "mysql", host => "db", database => "d", extra => {read_timeout => "60"}}))
