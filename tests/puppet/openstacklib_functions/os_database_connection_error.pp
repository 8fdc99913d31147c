notice(os_database_connection({dialect => "mysql", port => "1", database => "d"}))
