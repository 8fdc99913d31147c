notice(File['/etc/ntp.conf'])
notice(Concat::Fragment['apache_port_header'])
