define concat::fragment() { }
notice(Concat::Fragment['apache_port_header'])
notice(Concat::Fragment)
