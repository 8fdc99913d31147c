type Port = Integer[1, 65535]
notice(String(Port, '%p'))
notice("${Port}")
notice(Port == Integer[1, 65535])
