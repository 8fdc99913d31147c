type Ntp::Port = Integer[1, 65535]
